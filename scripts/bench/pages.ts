// The pages the bench measures, and how each is reached on the served demo site, with the browser state a shopper
// arrives with. A page that is not in the build yet is reported as such, never dropped silently.
import { createCommerceClient, memoryStorage } from '@haven/commerce-client';
import { encodeReceipts, paidOrder, RECEIPTS_STORAGE_KEY, thankYouPath, type PagePath } from '../../src/build/index.ts';

export interface Visit {
  url: string;
  /** localStorage of the page's origin before the load: what the shopper's browser already holds. */
  localStorage?: Record<string, string>;
}

export interface PageSpec {
  /** The page as named in bench/budgets.json. */
  path: string;
  /** Prepares the visit to measure (e.g. creates the order a confirmation page shows). */
  visit: (origin: string) => Promise<Visit>;
}

/**
 * The confirmation page as a shopper reaches it: one Arctic White camera (the seed catalogue's) ordered through
 * the demo API and paid a moment ago, so this browser keeps the order.
 */
async function thankYouVisit(origin: string): Promise<Visit> {
  const api = createCommerceClient({ baseUrl: `${origin}/api/v1`, storage: memoryStorage(), onAuthFailure: () => {} });
  const { data: order } = await api.POST('/orders/store/{storeId}', {
    params: { path: { storeId: 'haven-home' } },
    body: { items: [{ productId: 'prod_haven_cam_360', variantId: 'var_arctic_white', quantity: 1 }] },
  });
  const kept = paidOrder(order, [], new Date());
  if (!kept) throw new Error(`The demo order answer cannot be kept: ${JSON.stringify(order)}`);
  return {
    url: `${origin}${thankYouPath(kept.id)}`,
    localStorage: { [RECEIPTS_STORAGE_KEY]: encodeReceipts([kept]) },
  };
}

/** The shop's pages (their list types each) the bench measures: the product, the purchase path and one editable page. */
const MEASURED: readonly PagePath[] = ['/', '/checkout', '/support', '/thank-you'];

export const PAGES: PageSpec[] = MEASURED.map((path) => {
  return {
    path,
    visit: path === '/thank-you' ? thankYouVisit : (origin) => Promise.resolve({ url: `${origin}${path}` }),
  };
});

/**
 * A visit prepared on the demo server, as a browser makes it through the HTTPS front: its URL and the stored values
 * that name the server (picture URLs, say) name the front instead.
 */
export function visitThrough({ url, localStorage }: Visit, origin: string, through: string): Visit {
  const stored =
    localStorage &&
    Object.fromEntries(Object.entries(localStorage).map(([k, v]) => [k, v.replaceAll(origin, through)]));
  return { url: url.replace(origin, through), ...(stored ? { localStorage: stored } : {}) };
}

/** 'built' when the server answers the page with 200, 'not built yet' on 404; anything else is an error. */
export async function pageStatus(origin: string, path: string): Promise<'built' | 'not built yet'> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status === 200) return 'built';
  if (response.status === 404) return 'not built yet';
  throw new Error(`GET ${path} answered HTTP ${response.status}`);
}
