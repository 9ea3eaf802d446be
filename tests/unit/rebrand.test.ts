// A store owner makes the shop theirs: other store settings (src/content/settings/store.md), their own text, and a
// product of another name from the backend. The build of that (`node scripts/start.ts --build-only` on a copy of
// src/content and another demo catalogue) must carry no trace of the demo's store or product names in any page,
// and show the new ones wherever the shop names itself or its product.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT, runScript } from '../../scripts/check-product/check-product.support.ts';
import { TEST_PORT } from '../../scripts/server/config.ts';
import { checkHtml, htmlFiles } from '../../scripts/check-html.ts';
import { readContent, type ContentFigures } from '../../src/build/fingerprint.ts';
import { brandPalette, DEFAULT_BRAND_COLOR } from '../../src/build/brand.ts';

const BUILD_TIMEOUT_MS = 240_000;
const work = mkdtempSync(join(tmpdir(), 'rebrand-'));
const dist = join(work, 'dist');
const pages = new Map<string, string>();

const SETTINGS = `---
name: Lumen
tagline: Cameras that keep watch while you sleep.
company: Lumen Optics Ltd
address: 1 Quay Street, Leeds LS1 4AP, UK
email: help@lumen.example
phone: +44 (113) 496-0000
brandColor: '#7c3aed'
logo: /uploads/lumen-mark.svg
favicon: /uploads/lumen-tab.png
social:
  - label: Mastodon
    url: https://social.example/@lumen
deal:
  show: false
  text: 'Winter sale ends in'
promises:
  returnDays: 14
  warrantyYears: 2
  processingDays: 2
  deliveryDays: 3-5
  supportHours: Mon–Fri 9am–5pm
  country: GB
pricing:
  freeShippingAbove: 150
  shippingFee: 5
  taxPercent: 20
---
`;

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#7c3aed"/></svg>';
/** A 1 × 1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The owner's own wording: every text file of the copy says Lumen where the demo said Haven. */
function rewriteText(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replaceAll('haven-home.test', 'lumen.example')
        .replaceAll('Haven Cam 360', 'Lumen Eye')
        .replaceAll('Haven', 'Lumen'),
    );
  }
}

/** The demo catalogue, with the store and product renamed (the pictures stay where the demo serves them). */
function renamedCatalogue(): string {
  const seed = JSON.parse(readFileSync(join(ROOT, 'client/mock/seed/catalog.json'), 'utf8')) as {
    store: { id: string; domain: string };
    products: Record<string, unknown>[];
  };
  seed.store = { id: 'lumen', domain: 'lumen.example' };
  seed.products = seed.products.map((product) => {
    const renamed: Record<string, unknown> = { ...product, link: 'lumen-eye', id: 'prod_lumen_eye' };
    for (const key of ['name', 'seoTitle', 'seoDescription', 'description'])
      renamed[key] = String(product[key]).replaceAll('Haven Cam 360', 'Lumen Eye').replaceAll('Haven', 'Lumen');
    renamed['description'] = '<p>The Lumen Eye keeps watch in two colours.</p>';
    // Two variants of its own, at its own prices.
    renamed['variants'] = (product['variants'] as Record<string, unknown>[]).slice(0, 2).map((variant, index) => ({
      ...variant,
      id: `var_lumen_${index}`,
      sku: `LUM-${index}`,
      name: ['Dawn Grey', 'Dusk Blue'][index],
      price: [59, 64.5][index],
      regularPrice: [69, 74.5][index],
    }));
    return renamed;
  });
  const file = join(work, 'catalog.json');
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

beforeAll(async () => {
  cpSync(join(ROOT, 'src/content'), join(work, 'src/content'), { recursive: true });
  rewriteText(join(work, 'src/content'));
  writeFileSync(join(work, 'src/content/settings/store.md'), SETTINGS);
  // What the editor's upload writes.
  mkdirSync(join(work, 'src/content/uploads'));
  writeFileSync(join(work, 'src/content/uploads/lumen-mark.svg'), LOGO);
  writeFileSync(join(work, 'src/content/uploads/lumen-tab.png'), Buffer.from(PNG, 'base64'));
  const env = cleanEnv({ PORT: String(TEST_PORT), DEMO_CATALOG: renamedCatalogue() });
  const run = await runScript(
    'scripts/start.ts',
    ['--build-only', `--dist=${dist}`, `--content-root=${work}`],
    env,
    BUILD_TIMEOUT_MS,
  );
  if (run.code !== 0) throw new Error(`The rebrand build failed:\n${`${run.out}\n${run.err}`.slice(-3000)}`);
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    // Pages and what crawlers read. Not build.json: it records the backend's picture URLs, which the demo backend
    // serves under its own folder name whatever the catalogue calls the product.
    if (entry.isFile() && /\.(html|xml|txt)$/.test(entry.name)) {
      const file = join(entry.parentPath, entry.name);
      pages.set(relative(dist, file), readFileSync(file, 'utf8'));
    }
  }
}, BUILD_TIMEOUT_MS + 10_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const page = (name: string) => pages.get(name) ?? '';
/** The product's structured data on /. */
const productLd = () =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page('index.html'))?.[1] ?? '') as Record<
    string,
    unknown
  > & { brand: { name: string }; hasVariant: { offers: Record<string, unknown> }[] };

describe('a shop rebranded through its settings, its text and its product', () => {
  it('has no trace of the demo store, product, variants or prices in any page', () => {
    expect(pages.size).toBeGreaterThan(8);
    // The names as shoppers read them; lower-case haven- keys of browser storage are the code's, not a name.
    const traces = [...pages].flatMap(([file, text]) =>
      [...text.matchAll(/Haven|Cam 360|Arctic White|Midnight Black|Sage Green|Graphite|79\.99|99\.99|84\.99/g)].map(
        (m) => `${file}: ${text.slice(Math.max(0, m.index - 50), m.index + 50)}`,
      ),
    );
    expect(traces).toEqual([]);
  });

  it('names the store in the header, the titles and link previews, and the product where pages name it', () => {
    expect(page('index.html')).toContain('aria-label="Lumen — home"');
    expect(page('checkout.html')).toContain('<title>Checkout | Lumen</title>');
    expect(page('support.html')).toContain('<meta property="og:site_name" content="Lumen">');
    expect(page('404.html')).toContain('Head back to the Lumen Eye — 2K Smart Home Security Camera');
    expect(page('links.html')).toContain('Lumen Eye — 2K Smart Home Security Camera</a>');
  });

  it("shows the store's own variants and prices", () => {
    expect(page('index.html')).toContain('Dawn Grey');
    expect(page('index.html')).toContain('Dusk Blue');
    expect(page('index.html')).toContain('$59.00');
  });

  it('is drawn in the brand colour, with the uploaded logo and tab icon', () => {
    const palette = brandPalette('#7c3aed');
    const css = readdirSync(join(dist, '_astro'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(join(dist, '_astro', name), 'utf8'))
      .join('\n');
    // Tailwind writes the colour into each utility, as it writes the demo's.
    expect(css).toMatch(new RegExp(`\\.bg-brand-700\\{background-color:${palette['700']}`));
    expect(css).not.toContain(brandPalette(DEFAULT_BRAND_COLOR)['700']);
    expect(page('index.html')).toContain(`<meta name="theme-color" content="${palette['700']}">`);
    expect(page('index.html')).toMatch(/<img src="\/uploads\/lumen-mark\.svg" alt="" width="32" height="32"/);
    expect(page('support.html')).toContain('<link rel="icon" href="/uploads/lumen-tab.png">');
    expect(readFileSync(join(dist, 'uploads/lumen-mark.svg'), 'utf8')).toBe(LOGO);
    expect(existsSync(join(dist, 'uploads/lumen-tab.png'))).toBe(true);
  });

  it('is valid HTML on every page', async () => {
    expect(await checkHtml(htmlFiles(dist))).toEqual([]);
  });

  it('shows the footer from the settings: tagline, contacts, social link, company', () => {
    const footer = page('policy.html').slice(page('policy.html').indexOf('<footer'));
    expect(footer).toContain('Cameras that keep watch while you sleep.');
    expect(footer).toContain('href="mailto:help@lumen.example"');
    expect(footer).toContain('href="tel:+441134960000"');
    expect(footer).toContain('href="https://social.example/@lumen"');
    expect(footer).toContain('© Lumen Optics Ltd.');
  });

  it("describes the store in the product's structured data, and leaves the deal banner out when it is off", () => {
    const data = productLd();
    expect(data.brand.name).toBe('Lumen');
    expect(data.hasVariant[0]?.offers.seller).toEqual({
      '@type': 'Organization',
      name: 'Lumen Optics Ltd',
      email: 'help@lumen.example',
      telephone: '+44 (113) 496-0000',
    });
    expect(page('index.html')).toContain('Free shipping over $150');
    expect(page('index.html')).not.toContain('deal-banner');
    expect(page('index.html')).not.toContain('Winter sale');
  });

  it("states the store's own promises where the pages and the structured data state them, and no sample rating", () => {
    expect(page('index.html')).toContain('14-day returns');
    expect(page('index.html')).toContain('Ships in 2 business days');
    expect(page('index.html')).toContain('Support Mon–Fri 9am–5pm');
    expect(page('checkout.html')).toContain('Processed in 2 business days, delivered in 3-5 business days');
    expect(page('order-tracking.html')).toContain('Our team is available Mon–Fri 9am–5pm.');
    const data = productLd();
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data.hasVariant[0]?.offers).toMatchObject({
      hasMerchantReturnPolicy: { applicableCountry: 'GB', merchantReturnDays: 14 },
      shippingDetails: { deliveryTime: { handlingTime: { minValue: 2, maxValue: 2 }, transitTime: { minValue: 3 } } },
    });
  });

  it("records the owner's text, not the repository's, as what the build was made from", async () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as { content: ContentFigures };
    expect(manifest.content).toEqual(await readContent(join(work, 'src/content')));
  });

  it('gives the confirmation page the seller for the invoice and the store name for sharing', () => {
    const island = page('thank-you.html');
    for (const text of [
      'Lumen Optics Ltd',
      '1 Quay Street, Leeds LS1 4AP, UK',
      'Email: help@lumen.example',
      'storeName',
    ])
      expect(island).toContain(text);
    expect(page('support.html')).toContain('href="tel:+441134960000"');
  });
});
