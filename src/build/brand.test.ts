import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Color from 'colorjs.io';
import { BRAND_PAIRS, BRAND_SHADES, brandPalette, contrast, DEFAULT_BRAND_COLOR, withBrandPalette } from './brand.ts';

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

describe('brandPalette', () => {
  it.each(COLORS)('keeps every pairing the pages use at WCAG AA for %s', (color) => {
    const palette = brandPalette(color);
    const failing = BRAND_PAIRS.filter(([fg, bg, least]) => contrast(name(palette, fg), name(palette, bg)) < least).map(
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
  it('replaces the brand shades and nothing else', () => {
    const css = '--color-brand-50: #effcf9;\n--color-brand-700: #0b6358;\n--color-ink: #0f172a;';
    const palette = brandPalette('#7c3aed');
    expect(withBrandPalette(css, palette)).toBe(
      `--color-brand-50: ${palette['50']};\n--color-brand-700: ${palette['700']};\n--color-ink: #0f172a;`,
    );
  });
});
