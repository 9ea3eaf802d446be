import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import { findProductById, findVariant } from '../catalog.ts';
import type { createRoute } from '../route.ts';
import { orderAmounts, type DemoPricing } from '../pricing.ts';
import { SESSION_COOKIE, cookieValue } from '../scenario.ts';
import { nextOrderId, type DemoState } from '../state.ts';
import type { Catalog, DemoOrder, DemoOrderItem, Schemas } from '../types.ts';
import { absoluteUrl } from '../urls.ts';

type ItemInput = Schemas['OrderItemInput'];

/** `own-pricing`: shipping on every order, whatever the store's settings. */
const OWN_SHIPPING = { freeShippingAbove: Number.MAX_SAFE_INTEGER, shippingFee: 4.99 };

const cents = (amount: number) => Math.round(amount * 100);

/** The order as answered: item images absolute on the request's origin. */
export function presentOrder(order: DemoOrder, origin: string): DemoOrder {
  return {
    ...order,
    items: order.items.map((item) => ({ ...item, image: item.image && absoluteUrl(item.image, origin) })),
  };
}

/** Turns the request items into order lines, or names the first item the catalogue cannot serve. */
function buildItems(catalog: Catalog, inputs: ItemInput[]): DemoOrderItem[] | Response {
  const items: DemoOrderItem[] = [];
  const requested = new Map<string, number>();
  for (const [i, input] of inputs.entries()) {
    const product = findProductById(catalog, input.productId);
    if (!product) {
      return apiError(
        422,
        'PRODUCT_NOT_FOUND',
        `items[${i}].productId "${input.productId}" is not a product of this store`,
      );
    }
    const variant = findVariant(product, input.variantId);
    if (!variant) {
      return apiError(
        422,
        'VARIANT_NOT_FOUND',
        `items[${i}].variantId "${input.variantId}" is not a variant of product "${product.id}"`,
      );
    }
    // Several lines for the same variant draw on the same stock.
    const total = (requested.get(variant.id) ?? 0) + input.quantity;
    requested.set(variant.id, total);
    if (total > variant.stock) {
      const what = variant.stock <= 0 ? 'is out of stock' : `has only ${variant.stock} in stock`;
      return apiError(
        422,
        'INSUFFICIENT_STOCK',
        `items[${i}].quantity: ${total} requested but variant "${variant.name}" (${variant.sku}) ${what}`,
        { variantId: variant.id, requested: total, available: Math.max(variant.stock, 0) },
      );
    }
    items.push({
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      variantName: variant.name,
      sku: variant.sku,
      unitPrice: variant.price,
      quantity: input.quantity,
      lineTotal: (cents(variant.price) * input.quantity) / 100,
      image: variant.images[0]?.url ?? null,
    });
  }
  return items;
}

function fingerprint(inputs: ItemInput[]): string {
  return JSON.stringify(inputs.map((i) => [i.productId, i.variantId, i.quantity]));
}

export function orderHandlers(
  route: ReturnType<typeof createRoute>,
  catalog: Catalog,
  state: DemoState,
  pricing: () => DemoPricing,
): HttpHandler[] {
  return [
    route('post', '/orders/store/{storeId}', ({ params, body, request, url, scenario, ok }) => {
      if (scenario.serverError) return apiError(500, 'INTERNAL_SERVER_ERROR', 'The order service failed unexpectedly');
      if (params.storeId !== catalog.store.id) {
        return apiError(404, 'STORE_NOT_FOUND', `Store "${params.storeId}" was not found`);
      }
      const key = request.headers.get('idempotency-key')?.trim();
      const idempotencyKey = key ? `${params.storeId} ${key}` : undefined;
      const previous = idempotencyKey ? state.idempotency.get(idempotencyKey) : undefined;
      if (previous) {
        if (previous.fingerprint !== fingerprint(body.items)) {
          return apiError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            `Idempotency-Key "${key}" was already used for a different order`,
          );
        }
        const order = state.orders.get(previous.orderId);
        if (order) return ok(presentOrder(order, url.origin), { headers: { 'Idempotent-Replayed': 'true' } });
      }
      const items = buildItems(catalog, body.items);
      if (items instanceof Response) return items;
      const goods = items.reduce((sum, item) => sum + cents(item.unitPrice) * item.quantity, 0) / 100;
      const order: DemoOrder = {
        id: nextOrderId(state),
        storeId: catalog.store.id,
        status: 'PENDING',
        items,
        ...orderAmounts(goods, scenario.ownPricing ? { ...pricing(), ...OWN_SHIPPING } : pricing()),
        currency: 'USD',
        createdAt: new Date().toISOString(),
        paidAt: null,
      };
      state.orders.set(order.id, order);
      const session = cookieValue(request.headers.get('cookie'), SESSION_COOKIE);
      if (session !== undefined) state.orderSessions.set(order.id, session);
      if (idempotencyKey)
        state.idempotency.set(idempotencyKey, { orderId: order.id, fingerprint: fingerprint(body.items) });
      return ok(presentOrder(order, url.origin));
    }),

    route('get', '/orders/{id}', ({ params, url, scenario, ok }) => {
      if (scenario.serverError)
        return apiError(503, 'SERVICE_UNAVAILABLE', 'The order service is temporarily unavailable');
      const order = state.orders.get(params.id);
      if (!order) return apiError(404, 'ORDER_NOT_FOUND', `Order "${params.id}" was not found`);
      return ok(presentOrder(order, url.origin));
    }),
  ];
}
