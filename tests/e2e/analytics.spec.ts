// PRODUCT_VIEW on the product page: one per page view, sent with nothing clicked, scrolled or typed, after the load
// event and without a script of its own. Each test counts only its own browser session's events (useSession).
import type { APIRequestContext, Page } from '@playwright/test';
import { ONE_WINDOW, PRODUCT, demoEvents, expect, test, useSession } from './shop.support.ts';

const productViews = async (request: APIRequestContext, session: string) =>
  (await demoEvents(request, session)).filter((e) => e.event === 'PRODUCT_VIEW');

/** Records the product refreshes the page asks for: it makes one only once the shopper interacts. */
function watchProductRefresh(page: Page): string[] {
  const refreshes: string[] = [];
  page.on('request', (r) => /\/api\/v1\/stores\/[^/]+\/products\//.test(r.url()) && refreshes.push(r.url()));
  return refreshes;
}

/**
 * The scripts the page's HTML names (island code and renderers, script and modulepreload elements) and, transitively,
 * what those import statically: all a page may load before interaction without a dynamic import. Read from the HTML
 * as served, not from the live document, where the loader of a dynamic import adds modulepreload links of its own.
 */
async function firstLoadScripts(page: Page, request: APIRequestContext): Promise<Set<string>> {
  const html = await (await request.get(page.url())).text();
  const named = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return [
      ...[...doc.querySelectorAll('astro-island')].flatMap((island) =>
        ['component-url', 'renderer-url', 'before-hydration-url'].map((name) => island.getAttribute(name)),
      ),
      ...[...doc.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
      ...[...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    ]
      .filter((url): url is string => !!url)
      .map((url) => new URL(url, location.href).href);
  }, html);
  const found = new Set<string>();
  const queue = [...named];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (found.has(url)) continue;
    found.add(url);
    const code = await (await request.get(url)).text();
    // Minified static imports and re-exports: `from"./x.js"` or `import"./x.js"`; import() has a parenthesis.
    for (const [, path] of code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g))
      queue.push(new URL(path!, url).href);
  }
  return found;
}

test.describe('PRODUCT_VIEW', ONE_WINDOW, () => {
  test('a page view with no interaction records exactly one, and a reload one more', async ({ page, request }) => {
    const session = await useSession(page);
    const refreshes = watchProductRefresh(page);
    await page.goto('/?variant=midnight-black');
    await expect.poll(async () => (await productViews(request, session)).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await productViews(request, session)).toMatchObject([
      { storeId: 'haven-home', productId: PRODUCT.id, value: 84.99, session },
    ]);

    await page.reload();
    await expect.poll(async () => (await productViews(request, session)).length).toBeGreaterThan(1);
    await page.waitForLoadState('networkidle');
    expect(await productViews(request, session)).toHaveLength(2);
    // Nothing here interacted with the page: it never asked for the refresh that waits for a first interaction.
    expect(refreshes).toEqual([]);
  });

  test('goes out after the load event, as JSON with the bearer header, and requests no script for it', async ({
    page,
    request,
  }) => {
    const session = await useSession(page);
    const scripts: string[] = [];
    page.on(
      'request',
      (r) => (r.resourceType() === 'script' || /\.m?js$/.test(new URL(r.url()).pathname)) && scripts.push(r.url()),
    );
    const sent = page.waitForRequest((r) => r.url().includes('/api/v1/analytics/track'));
    await page.goto('/');
    const beacon = await sent;
    expect(beacon.method()).toBe('POST');
    expect(new URL(beacon.url()).searchParams.get('storeId')).toBe('haven-home');
    expect(beacon.postDataJSON()).toEqual({ event: 'PRODUCT_VIEW', productId: PRODUCT.id, value: 79.99 });
    // No token is stored: "Bearer " goes out, which the browser trims to "Bearer".
    expect(await beacon.allHeaders()).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: 'Bearer',
    });
    await expect.poll(async () => (await productViews(request, session)).length).toBe(1);

    // The browser's own timings: the request started after the load event had finished.
    const timing = () =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const track = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/v1/analytics/track'));
        return { loadEventEnd: navigation?.loadEventEnd ?? 0, starts: track.map((e) => e.startTime) };
      });
    await expect.poll(async () => (await timing()).starts).toHaveLength(1);
    const { loadEventEnd, starts } = await timing();
    expect(loadEventEnd).toBeGreaterThan(0);
    expect(starts[0]).toBeGreaterThanOrEqual(loadEventEnd);

    await page.waitForLoadState('networkidle');
    const allowed = await firstLoadScripts(page, request);
    expect(scripts.length).toBeGreaterThan(0);
    // On a phone too, where the sticky add bar shows at load: it is part of the page, with no code of its own.
    expect(scripts.filter((url) => !allowed.has(url))).toEqual([]);
  });

  test('with only a refresh token stored, refreshes it first and sends the new access token', async ({
    page,
    request,
  }) => {
    const session = await useSession(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('refreshToken', 'refresh-of-the-test');
      sessionStorage.setItem('seeded', '1');
    });
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/users/refresh-token'));
    const sent = page.waitForRequest((r) => r.url().includes('/api/v1/analytics/track'));
    await page.goto('/');
    const { accessToken } = (await (await refreshed).json()) as { accessToken: string };
    expect(accessToken).toMatch(/^demo-access-/);
    expect((await (await sent).allHeaders())['authorization']).toBe(`Bearer ${accessToken}`);
    await expect.poll(async () => (await productViews(request, session)).length).toBe(1);
  });

  test('sends the stored access token as the bearer token', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('accessToken', 'token-of-the-test'));
    const sent = page.waitForRequest((r) => r.url().includes('/api/v1/analytics/track'));
    await page.goto('/');
    expect((await (await sent).allHeaders())['authorization']).toBe('Bearer token-of-the-test');
  });
});
