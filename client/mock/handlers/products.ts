import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import { isStore } from '../catalog.ts';
import type { createRoute } from '../route.ts';
import type { Catalog } from '../types.ts';
import { withAbsoluteImages } from '../urls.ts';

export function productHandlers(route: ReturnType<typeof createRoute>, catalog: Catalog): HttpHandler[] {
  return [
    route('get', '/stores/{id}/products/{link}', ({ params, url, ok }) => {
      if (!isStore(catalog, params.id)) return apiError(404, 'STORE_NOT_FOUND', `Store "${params.id}" was not found`);
      const found = catalog.products.find((p) => p.link === params.link);
      if (!found) {
        return apiError(404, 'PRODUCT_NOT_FOUND', `Product "${params.link}" was not found in store "${params.id}"`);
      }
      const { link: _link, ...product } = found;
      return ok(withAbsoluteImages(product, url.origin));
    }),
  ];
}
