import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { storePricing } from './store-pricing.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function contentRoot(store: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-pricing-'));
  mkdirSync(join(dir, 'src/content/settings'), { recursive: true });
  writeFileSync(join(dir, 'src/content/settings/store.md'), store);
  return dir;
}

describe("the store's pricing for the demo backend", () => {
  it("reads the repository's settings", async () => {
    expect(await storePricing(root)).toEqual({ freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 });
  });

  it("reads an editor's change", async () => {
    const dir = contentRoot(
      '---\nname: X\npricing:\n  freeShippingAbove: 60\n  shippingFee: 4.5\n  taxPercent: 10\n---\n',
    );
    expect(await storePricing(dir)).toEqual({ freeShippingAbove: 60, shippingFee: 4.5, taxPercent: 10 });
  });

  it('says why when the entry cannot be read or its figures are invalid', async () => {
    expect(await storePricing(join(tmpdir(), 'no-such-root'))).toMatch(
      /^cannot read src\/content\/settings\/store\.md/,
    );
    const bad = contentRoot('---\npricing:\n  freeShippingAbove: -1\n  shippingFee: 4.5\n  taxPercent: 10\n---\n');
    expect(await storePricing(bad)).toMatch(/^src\/content\/settings\/store\.md: pricing /);
  });
});
