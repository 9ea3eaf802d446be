// The brand palette from the settings' one colour, darkened until every pairing the pages use passes WCAG AA.
import Color from 'colorjs.io';
export { DEFAULT_BRAND_COLOR } from '../lib/content-schema.ts';

export const BRAND_SHADES = ['50', '100', '600', '700', '800'] as const;
type BrandShade = (typeof BRAND_SHADES)[number];
export type BrandPalette = Record<BrandShade, string>;

const WHITE = '#ffffff';
const SLATE_100 = '#f1f5f9';

/** [text or mark, background, least contrast]: 4.5 for text, 3 for focus rings. */
const BRAND_PAIRS: readonly (readonly [string, string, number])[] = [
  ['700', WHITE, 4.5],
  ['700', SLATE_100, 4.5],
  ['700', '50', 4.5],
  ['700', '100', 4.5],
  ['800', '50', 4.5],
  [WHITE, '700', 4.5],
  [WHITE, '800', 4.5],
  ['600', WHITE, 3],
];

const pick = (palette: BrandPalette, name: string) =>
  (BRAND_SHADES as readonly string[]).includes(name) ? palette[name as BrandShade] : name;

export function contrast(a: string, b: string): number {
  return new Color(a).contrast(b, 'WCAG21');
}

function shade(lightness: number, chroma: number, hue: number): Color {
  return new Color('oklch', [Math.min(Math.max(lightness, 0), 1), chroma, hue]).toGamut({ space: 'srgb' });
}

const hex = (color: Color) => color.to('srgb').toString({ format: 'hex', collapse: false });

const palettes = new Map<string, BrandPalette>();

export function brandPalette(color: string): BrandPalette {
  const known = palettes.get(color) ?? derivePalette(color);
  palettes.set(color, known);
  return known;
}

function derivePalette(color: string): BrandPalette {
  const [baseLightness = 0, baseChroma = 0, baseHue] = new Color(color).to('oklch').coords;
  const hue = Number.isFinite(baseHue) ? (baseHue as number) : 0;
  const chroma = baseChroma ?? 0;
  const light = {
    '50': shade(0.981, Math.min(chroma * 0.18, 0.02), hue),
    '100': shade(0.937, Math.min(chroma * 0.6, 0.06), hue),
  };
  for (let lightness = baseLightness ?? 0; ; lightness -= 0.01) {
    const palette: BrandPalette = {
      '50': hex(light['50']),
      '100': hex(light['100']),
      '600': hex(shade(lightness + 0.071, chroma * 1.17, hue)),
      '700': hex(shade(lightness, chroma, hue)),
      '800': hex(shade(lightness - 0.064, chroma * 0.84, hue)),
    };
    const passes = BRAND_PAIRS.every(([fg, bg, least]) => contrast(pick(palette, fg), pick(palette, bg)) >= least);
    if (passes || lightness <= 0) return palette;
  }
}

/** `attributes`: on the <svg> element. */
export function brandMark(palette: BrandPalette, attributes = ''): string {
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'${attributes}>` +
    `<rect width='32' height='32' rx='9' fill='${palette['700']}'/>` +
    `<path d='M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z' fill='${palette['50']}'/>` +
    `<circle cx='16' cy='18.5' r='3.6' fill='${palette['700']}'/>` +
    `<circle cx='16' cy='18.5' r='1.6' fill='${palette['100']}'/></svg>`
  );
}

export function withBrandPalette(css: string, palette: BrandPalette): string {
  return css.replace(/(--color-brand-(\d+)\s*:\s*)#[0-9a-fA-F]{3,8}/g, (whole, prefix: string, name: string) =>
    name in palette ? prefix + palette[name as BrandShade] : whole,
  );
}
