// The pages the bench measures, and how each is reached on the served demo site, with the browser state a shopper
// arrives with. A page that is not in the build yet is reported as such, never dropped silently.
import { encodeReceipts, RECEIPTS_STORAGE_KEY } from '../../src/features/thank-you/receipt-storage.ts';
import { paidOrder } from '../../src/features/thank-you/receipt.ts';

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

/** The demo order the confirmation page is measured with (the seed catalogue's store and ids). */
export const DEMO_ORDER = {
  storeId: 'haven-home',
  items: [{ productId: 'prod_haven_cam_360', variantId: 'var_arctic_white', quantity: 1 }],
};

/** Creates the demo order and returns the backend's answer. */
export async function createDemoOrder(origin: string): Promise<Record<string, unknown> & { id: string }> {
  const response = await fetch(`${origin}/api/v1/orders/store/${DEMO_ORDER.storeId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: DEMO_ORDER.items }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (!response.ok || typeof id !== 'string') {
    throw new Error(`Creating the demo order for /thank-you failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return { ...(body as Record<string, unknown>), id };
}

/** The confirmation page as a shopper reaches it: paid a moment ago, so this browser keeps the order. */
async function thankYouVisit(origin: string): Promise<Visit> {
  const order = await createDemoOrder(origin);
  const kept = paidOrder(order, [], new Date());
  if (!kept) throw new Error(`The demo order answer cannot be kept: ${JSON.stringify(order)}`);
  return {
    url: `${origin}/thank-you?orderId=${encodeURIComponent(order.id)}`,
    localStorage: { [RECEIPTS_STORAGE_KEY]: encodeReceipts([kept]) },
  };
}

export const PAGES: PageSpec[] = [
  { path: '/', visit: async (origin) => ({ url: `${origin}/` }) },
  { path: '/checkout', visit: async (origin) => ({ url: `${origin}/checkout` }) },
  { path: '/support', visit: async (origin) => ({ url: `${origin}/support` }) },
  { path: '/thank-you', visit: thankYouVisit },
];

/** 'built' when the server answers the page with 200, 'not built yet' on 404; anything else is an error. */
export async function pageStatus(origin: string, path: string): Promise<'built' | 'not built yet'> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status === 200) return 'built';
  if (response.status === 404) return 'not built yet';
  throw new Error(`GET ${path} answered HTTP ${response.status}`);
}
