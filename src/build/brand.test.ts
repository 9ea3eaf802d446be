import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Color from 'colorjs.io';
import { BRAND_SHADES, brandPalette, contrast, DEFAULT_BRAND_COLOR, withBrandPalette } from './brand.ts';

const name = (palette: Record<string, string>, shade: string) => palette[shade] ?? shade;

/** Hues round the wheel at several lightnesses and chromas, greys, and the extremes. */
const COLORS = [
  '#000000',
  '#ffffff',
  '#808080',
  '#ffff00',
  '#00ffff',
  '#ff00ff',
  DEFAULT_BRAND_COLOR,
  ...[0.3, 0.55, 0.75, 0.95].flatMap((l) =>
    [0.03, 0.12, 0.3].flatMap((c) =>
      Array.from({ length: 12 }, (_, i) =>
        new Color('oklch', [l, c, i * 30]).toGamut({ space: 'srgb' }).to('srgb').toString({ format: 'hex' }),
      ),
    ),
  ),
];

/** The pairings the pages draw, written here and not read from the module, so dropping one there fails. */
const PAGE_PAIRS: readonly (readonly [string, string, number])[] = [
  ['700', '#ffffff', 4.5], // links and prices on white
  ['700', '#f1f5f9', 4.5], // on slate-100
  ['700', '50', 4.5], // notices
  ['700', '100', 4.5],
  ['800', '50', 4.5], // the checked option, progress notices
  ['#ffffff', '700', 4.5], // buttons
  ['#ffffff', '800', 4.5], // buttons pressed
  ['600', '#ffffff', 3], // focus rings, borders and the progress check marks
];

describe('brandPalette', () => {
  it.each(COLORS)('keeps every pairing the pages use at WCAG AA for %s', (color) => {
    const palette = brandPalette(color);
    const failing = PAGE_PAIRS.filter(([fg, bg, least]) => contrast(name(palette, fg), name(palette, bg)) < least).map(
      ([fg, bg]) => `${fg} on ${bg}`,
    );
    expect(failing).toEqual([]);
  });

  it('keeps a colour dark enough as it is and darkens one too light for white text', () => {
    expect(brandPalette('#1d4ed8')['700']).toBe('#1d4ed8');
    const yellow = brandPalette('#ffd400')['700'];
    expect(contrast(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Still yellow's hue, not a grey.
    expect(
      Math.abs((new Color(yellow).to('oklch').coords[2] ?? 0) - (new Color('#ffd400').to('oklch').coords[2] ?? 0)),
    ).toBeLessThan(8);
  });

  it('makes from the default colour the shades the stylesheet is written in', () => {
    const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');
    const written: Record<string, string> = {};
    for (const [, shade = '', hex = ''] of css.matchAll(/--color-brand-(\d+):\s*(#[0-9a-f]{6})/g)) written[shade] = hex;
    expect(written).toEqual(brandPalette(DEFAULT_BRAND_COLOR));
    expect(Object.keys(written).sort()).toEqual([...BRAND_SHADES].sort());
  });
});

describe('withBrandPalette', () => {
  it('leaves a brand shade the palette does not make as written', () => {
    const css = '--color-brand-900: #042f2e;';
    expect(withBrandPalette(css, brandPalette('#7c3aed'))).toBe(css);
  });

  it('replaces the brand shades and nothing else', () => {
    const css = '--color-brand-50: #effcf9;\n--color-brand-700: #0b6358;\n--color-ink: #0f172a;';
    const palette = brandPalette('#7c3aed');
    expect(withBrandPalette(css, palette)).toBe(
      `--color-brand-50: ${palette['50']};\n--color-brand-700: ${palette['700']};\n--color-ink: #0f172a;`,
    );
  });
});
