// The pages the bench measures (issue 7), and how each is reached on the served demo site. A page that is not in
// the build yet is reported as such, never dropped silently.

export interface PageSpec {
  /** The page as named in bench/budgets.json. */
  path: string;
  /** Prepares the URL to measure (e.g. creates the order a confirmation page shows). */
  url: (origin: string) => Promise<string>;
}

/** The demo order the confirmation page is measured with (the seed catalogue's store and ids). */
export const DEMO_ORDER = {
  storeId: 'haven-home',
  items: [{ productId: 'prod_haven_cam_360', variantId: 'var_arctic_white', quantity: 1 }],
};

export async function createDemoOrder(origin: string): Promise<string> {
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
  return id;
}

export const PAGES: PageSpec[] = [
  { path: '/', url: async (origin) => `${origin}/` },
  { path: '/checkout', url: async (origin) => `${origin}/checkout` },
  { path: '/support', url: async (origin) => `${origin}/support` },
  {
    path: '/thank-you',
    url: async (origin) => `${origin}/thank-you?orderId=${encodeURIComponent(await createDemoOrder(origin))}`,
  },
];

/** 'built' when the server answers the page with 200, 'not built yet' on 404; anything else is an error. */
export async function pageStatus(origin: string, path: string): Promise<'built' | 'not built yet'> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status === 200) return 'built';
  if (response.status === 404) return 'not built yet';
  throw new Error(`GET ${path} answered HTTP ${response.status}`);
}
