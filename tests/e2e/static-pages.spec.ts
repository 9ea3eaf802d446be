// The static pages (support, policy, order tracking, links, 404) against `npm start`: their texts and the support
// claims (docs/requirements.md#other-pages), the order-tracking form, the header's keyboard order, SEO (titles,
// canonicals, sitemap, robots.txt) and an axe-core scan. Role and text locators only; every wait is on a visible
// outcome.
import { ONE_WINDOW, PRODUCT, expect, seriousViolations, test } from './shop.support.ts';

const OWN_PAGES = ['/support', '/policy', '/order-tracking', '/links', '/no-such-page'] as const;
const NOT_IMPLEMENTED = 'Order tracking is not implemented in this demo.';

test.describe('support page', () => {
  test(
    'shows contact, FAQ, warranty, returns and company information with the promised terms',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/support');
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
      for (const name of ['Contact us', 'Frequently asked questions', 'Warranty', 'Returns', 'Company information']) {
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      const promises = page.getByRole('list', { name: 'Our promises' });
      await expect(promises.getByRole('link')).toHaveText([
        /24\/7\s*Customer support/,
        /1-year\s*Warranty/,
        /30-day\s*Returns/,
      ]);

      const contact = page.getByRole('region', { name: 'Contact us' });
      await expect(contact.getByRole('link', { name: 'support@haven-home.test' })).toHaveAttribute(
        'href',
        'mailto:support@haven-home.test',
      );
      await expect(contact.getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
        'href',
        'tel:+14155550142',
      );
      await expect(contact).toContainText('available 24/7');

      const warranty = page.getByRole('region', { name: 'Warranty' });
      await expect(warranty).toContainText('1-year limited warranty');
      const returns = page.getByRole('region', { name: 'Returns', exact: true });
      await expect(returns).toContainText('within 30 days of delivery');
      await expect(returns.getByRole('link', { name: 'return policy' })).toHaveAttribute('href', '/policy#returns');
      await expect(page.getByRole('region', { name: 'Company information' })).toContainText(
        '1200 Harbor Way, Suite 400',
      );
    },
  );

  test('FAQ answers open and close with the keyboard', ONE_WINDOW, async ({ page }) => {
    await page.goto('/support');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    for (const topic of ['Getting started', 'Features and privacy', 'Orders and shipping', 'Returns and warranty']) {
      await expect(faq.getByRole('heading', { level: 3, name: topic })).toBeVisible();
    }
    // A native <summary> has no ARIA role to find it by; its text names it.
    const question = faq.locator('summary').filter({ hasText: 'How long does shipping take?' });
    const answer = faq.getByText(/We process orders within 1-2 business days, and delivery takes 5-10 business days/);
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Shipping is free on orders over $100 ($9.99 below).');
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });

  test('the on-this-page links lead to their sections', ONE_WINDOW, async ({ page }) => {
    await page.goto('/support');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Warranty' }).click();
    await expect(page).toHaveURL(/\/support#warranty$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Warranty' })).toBeInViewport();
  });
});

test.describe('policy page', () => {
  test(
    'states the privacy, shipping and return policies with the shipping rule and the promised times',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/policy');
      await expect(page.getByRole('heading', { level: 1, name: 'Store policies' })).toBeVisible();
      const privacy = page.getByRole('region', { name: 'Privacy policy' });
      await expect(privacy).toContainText('We never sell your personal information.');
      await expect(privacy).toContainText(/Last updated \w+ \d{1,2}, \d{4}/);

      const shipping = page.getByRole('region', { name: 'Shipping policy' });
      await expect(shipping.getByRole('row', { name: 'Cost Free on orders over $100, else $9.99' })).toBeVisible();
      await expect(shipping.getByRole('row', { name: 'Processing time 1-2 business days' })).toBeVisible();
      await expect(shipping.getByRole('row', { name: /^Delivery time 5-10 business days/ })).toBeVisible();
      await expect(shipping).toContainText('Shipping is free on orders over $100; below that it is $9.99.');

      const returns = page.getByRole('region', { name: 'Return policy' });
      await expect(returns).toContainText('within 30 days of delivery');
      await expect(returns.getByRole('link', { name: '1-year warranty' })).toHaveAttribute('href', '/support#warranty');
    },
  );

  test('the footer links to the privacy and return sections land on them', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page).toHaveURL(/\/policy#privacy$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Returns', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Return policy' })).toBeInViewport();
  });
});

test.describe('order tracking page', () => {
  test('requires an order number and a valid email before it answers', ONE_WINDOW, async ({ page }) => {
    await page.goto('/order-tracking');
    const orderNumber = page.getByRole('textbox', { name: 'Order number' });
    const email = page.getByRole('textbox', { name: 'Email' });
    const status = page.getByRole('status');
    await expect(orderNumber).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');

    const submit = page.getByRole('button', { name: 'Track order' });
    await submit.click();
    expect(await orderNumber.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(status).toHaveText('');

    await orderNumber.fill('ORD-1001');
    await email.fill('not-an-email');
    await submit.click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(status).toHaveText('');

    await email.fill('jane@example.com');
    await email.press('Enter');
    await expect(status).toHaveText(NOT_IMPLEMENTED);
    // A static page: submitting must not navigate or put the email into the URL.
    await expect(page).toHaveURL(/\/order-tracking$/);
  });

  test('?orderId= fills in the order number', ONE_WINDOW, async ({ page }) => {
    await page.goto('/order-tracking?orderId=ORD-7F3K9');
    await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('ORD-7F3K9');
    await page.getByRole('textbox', { name: 'Email' }).fill('jane@example.com');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('status')).toHaveText(NOT_IMPLEMENTED);
  });
});

test.describe('links page', () => {
  test(
    'lists every route of the site and the sitemap, and each link answers',
    ONE_WINDOW,
    async ({ page, request }) => {
      await page.goto('/links');
      await expect(page.getByRole('heading', { level: 1, name: 'Site links' })).toBeVisible();
      const pages = page.getByRole('region', { name: 'Pages' });
      // The product's link is named as the backend names the product.
      const routes = {
        [PRODUCT.name]: '/',
        Support: '/support',
        'Order Tracking': '/order-tracking',
        Policy: '/policy',
        Checkout: '/checkout',
        'Order confirmation': '/thank-you',
        'Site links': '/links',
      };
      for (const [name, href] of Object.entries(routes)) {
        await expect(pages.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(page.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap-index.xml');
      await expect(
        page.getByRole('region', { name: 'Policies' }).getByRole('link', { name: 'Shipping policy' }),
      ).toHaveAttribute('href', '/policy#shipping');

      const hrefs = await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      for (const href of new Set(hrefs)) {
        const [path = '', anchor] = href.split('#');
        const response = await request.get(path);
        expect(response.status(), `${path} answers`).toBe(200);
        if (anchor) expect(await response.text(), `${href} has its target`).toContain(`id="${anchor}"`);
      }
    },
  );
});

test.describe('404 page', () => {
  test('an unknown path answers 404 with "Oops! Page not found" and a link home', ONE_WINDOW, async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Oops! Page not found/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('main').getByRole('link', { name: 'Go back home' }).click();
    // The product page may add ?variant= to the URL; the path is what matters.
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('header and shared chrome', () => {
  test('Tab goes through Support, Order Tracking, Policy, search and cart in that order', async ({ page }) => {
    await page.goto('/support');
    const expected = [
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Tracking' }),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policy' }),
      page.getByRole('searchbox', { name: 'Search the store' }),
      page.getByRole('button', { name: /^Cart, \d+ items?$/ }),
    ];
    await page.getByRole('link', { name: 'Haven — home' }).focus();
    for (const target of expected) {
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
    }
    // The cart opens from the keyboard on a static page too: the drawer island is on every page.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close cart' })).toBeFocused();
  });

  for (const path of OWN_PAGES) {
    test(
      `the cart is shared across pages: an item added on the product page is in the drawer on ${path}`,
      ONE_WINDOW,
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Add to Cart' }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.goto(path);
        await page.getByRole('button', { name: 'Cart, 1 item' }).click();
        await expect(
          page.getByRole('dialog').getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
        ).toHaveCount(1);
      },
    );
  }

  for (const [path, current] of [
    ['/support', 'Support'],
    ['/order-tracking', 'Order Tracking'],
    ['/policy', 'Policy'],
    ['/links', undefined],
    ['/no-such-page', undefined],
  ] as const) {
    test(`${path} has the header, the footer${current ? ' and its page marked in the navigation' : ''}`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Haven — home' })).toBeVisible();
      if (current) {
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: current }),
        ).toHaveAttribute('aria-current', 'page');
      }
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('SEO', ONE_WINDOW, () => {
  const INDEXED = ['/', '/support', '/policy', '/order-tracking', '/links', '/no-such-page'] as const;

  for (const path of INDEXED) {
    test(`${path} has a title, a description, link previews and a canonical URL on the configured site`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(title.length, 'title').toBeGreaterThan(10);
      expect(description.length, 'description').toBeGreaterThan(50);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      // Link previews of every page show the product, as a JPEG any crawler reads, at Open Graph's 1200 px.
      const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(preview, 'og:image').toMatch(/^http.*\.jpe?g$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /Haven Cam 360/);
      expect((await page.request.get(preview!)).headers()['content-type']).toBe('image/jpeg');
      if (path !== '/no-such-page') {
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, baseURL).href);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new URL(path, baseURL).href);
      }
    });
  }

  test('no two pages share a title or a description', async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of INDEXED) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(title, `${path} title`).not.toBe('');
      expect(description, `${path} description`).not.toBe('');
      expect(titles.get(title), `${path} shares its title`).toBeUndefined();
      expect(descriptions.get(description), `${path} shares its description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });

  test('robots.txt points at the sitemap, which lists the indexable pages only', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${new URL('/sitemap-index.xml', baseURL).href}`);

    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(sitemaps.length).toBeGreaterThan(0);
    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = await (await request.get(sitemap)).text();
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    const paths = urls.map((u) => new URL(u).pathname).sort();
    expect(paths).toEqual(['/', '/links', '/order-tracking', '/policy', '/support']);
    for (const url of urls) expect(url.startsWith(new URL('/', baseURL).href)).toBe(true);
  });

  for (const path of ['/checkout', '/thank-you?orderId=ORD-1']) {
    test(`${path} is noindex`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  }
});

test.describe('accessibility', () => {
  for (const path of OWN_PAGES) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Open every FAQ answer so their contents are scanned too.
      await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
