// The Content-Security-Policy and the security headers, enforced in Chromium against `npm start`: the pages
// work under the policy (islands hydrate, forms answer, nothing is refused), while injected inline script,
// inline handlers, eval, foreign scripts, inline style attributes and framing are all blocked. The headers of
// `npm start` and the shipped public/_headers must be the same.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ONE_WINDOW, expect, test } from './shop.support.ts';

const PAGES = ['/', '/support', '/policy', '/order-tracking', '/links', '/no-such-page'] as const;
/** Every route of the site (docs/requirements.md#routes): the pages above and the checkout flow's. */
const ALL_ROUTES = [...PAGES, '/checkout', '/thank-you?orderId=ORD-1001'] as const;

/** Collects CSP violations from the first byte of every document the page loads. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}${e.sample ? ` (${e.sample})` : ''}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

function cspOf(page: Page) {
  return page.locator('meta[http-equiv="content-security-policy"]');
}

/** The directives of a policy string, e.g. { 'script-src': ["'self'", ...] }. */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

test.describe('Content-Security-Policy', () => {
  for (const path of ALL_ROUTES) {
    test(
      `${path} carries a strict policy: hashes, no unsafe-inline or eval, only the site and the wallet hosts`,
      ONE_WINDOW,
      async ({ page }) => {
        await page.goto(path);
        await expect(cspOf(page)).toHaveCount(1);
        const policy = directives((await cspOf(page).getAttribute('content')) ?? '');
        const script = policy['script-src'] ?? [];
        expect(script).toContain("'self'");
        expect(
          script.some((v) => v.startsWith("'sha256-")),
          'script hashes',
        ).toBe(true);
        expect(script).not.toContain("'unsafe-inline'");
        expect(script).not.toContain("'unsafe-eval'");
        expect(policy['style-src'] ?? []).not.toContain("'unsafe-inline'");
        expect(policy['object-src']).toEqual(["'none'"]);
        expect(policy['base-uri']).toEqual(["'self'"]);
        expect(policy['default-src']).toEqual(["'self'"]);
        const hosts = [
          ...script,
          ...(policy['connect-src'] ?? []),
          ...(policy['frame-src'] ?? []),
          ...(policy['img-src'] ?? []),
        ].filter((v) => !v.startsWith("'") && v !== 'data:');
        for (const host of hosts) expect(host).toMatch(/^https:\/\/([*\w-]+\.)?(paypal|paypalobjects)\.com$/);
        // Ignored (and warned about) in a <meta>: framing is the server's header.
        expect(policy['frame-ancestors']).toBeUndefined();
      },
    );
  }

  for (const path of ALL_ROUTES) {
    test(`${path} works under the policy and nothing is refused`, ONE_WINDOW, async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if ((PAGES as readonly string[]).includes(path)) {
        // The cart island hydrates on every page: its button opens the drawer.
        await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.getByRole('button', { name: 'Close cart' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      expect(violations).toEqual([]);
    });
  }

  test("the order-tracking page's own script runs under the policy", ONE_WINDOW, async ({ page }) => {
    const violations = await recordViolations(page);
    // The page's own script (bundled by Astro, allowed by the policy) runs.
    await page.goto('/order-tracking?orderId=ORD-42');
    await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('ORD-42');
    await page.getByRole('textbox', { name: 'Email' }).fill('jane@example.com');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('status')).toHaveText('Order tracking is not implemented in this demo.');
    expect(violations).toEqual([]);
  });

  test(
    "the product page's islands hydrate and talk to the same-origin demo API under the policy",
    ONE_WINDOW,
    async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(violations).toEqual([]);
    },
  );

  test('an injected inline script does not run and is reported as a violation', ONE_WINDOW, async ({ page }) => {
    await page.goto('/support');
    const result = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; directive: string }>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (e) => resolve({ ran: 'injected' in window, directive: e.effectiveDirective }),
            { once: true },
          );
          const script = document.createElement('script');
          script.textContent = 'window.injected = true;';
          document.body.append(script);
        }),
    );
    expect(result).toEqual({ ran: false, directive: 'script-src-elem' });
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });

  test(
    'inline event handlers, string-evaluated code and scripts from other origins are blocked too',
    ONE_WINDOW,
    async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto('/policy');
      type Probe = { seen: string[]; handlerRan?: boolean; stringTimerRan?: boolean; foreign?: 'loaded' | 'blocked' };
      await page.evaluate(() => {
        const probe: Probe = { seen: [] };
        (window as unknown as { probe: Probe }).probe = probe;
        document.addEventListener('securitypolicyviolation', (e) => probe.seen.push(e.effectiveDirective));
        // An HTML-injection payload: an inline handler on an image that fails to load.
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="/does-not-exist.png" onerror="window.probe.handlerRan = true" alt="">';
        document.body.append(holder);
        // Code from a string runs later, outside this DevTools evaluation (which CDP exempts from the eval rule).
        setTimeout('window.probe.stringTimerRan = true', 0); // eslint-disable-line @typescript-eslint/no-implied-eval -- the policy under test must refuse it
        // Another origin (still loopback, so nothing leaves the machine even if the policy were missing).
        const foreign = document.createElement('script');
        foreign.src = 'http://localhost:9/evil.js';
        foreign.onerror = () => (probe.foreign = 'blocked');
        foreign.onload = () => (probe.foreign = 'loaded');
        document.body.append(foreign);
      });
      const probe = () => page.evaluate(() => (window as unknown as { probe: Probe }).probe);
      await expect
        .poll(async () => (await probe()).seen.sort())
        .toEqual(['script-src', 'script-src-attr', 'script-src-elem']);
      await expect.poll(async () => (await probe()).foreign).toBe('blocked');
      const outcome = await probe();
      expect(outcome.handlerRan).toBeUndefined();
      expect(outcome.stringTimerRan).toBeUndefined();
      expect(violations.some((v) => v.includes('localhost:9/evil.js'))).toBe(true);
    },
  );

  test(
    'inline style attributes in markup are refused; styles set through the CSSOM still apply',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/links');
      const result = await page.evaluate(() => {
        const holder = document.createElement('div');
        holder.innerHTML = '<p id="attr-styled" style="color: rgb(255, 0, 0)">x</p>';
        document.body.append(holder);
        const viaCssom = document.createElement('p');
        viaCssom.style.color = 'rgb(0, 128, 0)';
        document.body.append(viaCssom);
        return {
          attribute: getComputedStyle(document.getElementById('attr-styled')!).color,
          cssom: getComputedStyle(viaCssom).color,
        };
      });
      expect(result.attribute).not.toBe('rgb(255, 0, 0)');
      expect(result.cssom).toBe('rgb(0, 128, 0)');
    },
  );

  test(
    'the wallet button loads the demo SDK from the site, renders and pays under the policy',
    ONE_WINDOW,
    async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto('/');
      const sdk = page.waitForRequest((r) => new URL(r.url()).pathname === '/demo-wallet/sdk.js');
      const wallet = page.getByRole('button', { name: 'PayPal', exact: true }).first();
      // The wallet code loads on the shopper's first interaction.
      await page.mouse.wheel(0, 40);
      await expect(wallet).toBeVisible();
      expect(new URL((await sdk).url()).origin).toBe(new URL(page.url()).origin);
      await wallet.click();
      await page.getByRole('dialog', { name: 'Demo wallet' }).getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(/\/thank-you\?orderId=[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(violations).toEqual([]);
    },
  );
});

test.describe('security headers', ONE_WINDOW, () => {
  const expected = (() => {
    // public/_headers: the block for /* is what static hosts send with every page.
    const text = readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8');
    const block = text.split(/\r?\n(?=\S)/).find((b) => b.startsWith('/*\n') || b.startsWith('/*\r\n')) ?? '';
    return Object.fromEntries(
      block
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
    );
  })();

  test('public/_headers declares every required header', () => {
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(expected['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  test('npm start sends the same headers as public/_headers on pages, the 404 page, assets and the API', async ({
    request,
    page,
  }) => {
    await page.goto('/');
    // A hashed build file: an island's code (the stylesheet travels inside the page).
    const asset = await page
      .locator('astro-island[component-url^="/_astro/"]')
      .first()
      .evaluate((el) => el.getAttribute('component-url') ?? '');
    expect(asset).toMatch(/^\/_astro\/.+\.js$/);
    for (const path of ['/', '/support', '/no-such-page', asset, '/robots.txt', '/api/v1/system/version']) {
      const response = await request.get(path);
      const headers = response.headers();
      for (const [name, value] of Object.entries(expected)) {
        expect(headers[name], `${path}: ${name}`).toBe(value);
      }
    }
  });

  test('no other site can frame the store', async ({ page, baseURL }) => {
    // about:blank is a different origin from the store: frame-ancestors 'none' must refuse to render it.
    const violations: string[] = [];
    page.on('console', (m) => violations.push(m.text()));
    await page.setContent(`<iframe title="framed store" src="${new URL('/support', baseURL).href}"></iframe>`);
    const frame = page.frameLocator('iframe[title="framed store"]');
    await expect.poll(() => violations.some((v) => /frame-ancestors/.test(v))).toBe(true);
    await expect(frame.getByRole('heading', { name: 'How can we help?' })).toHaveCount(0);
  });
});
