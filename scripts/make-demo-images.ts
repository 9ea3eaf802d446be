// Draws the demo catalogue's product pictures as SVG and renders them to WebP masters with sharp.
// Everything is drawn here (no external artwork), and nothing is random, so a rerun yields the same bytes.
// Usage: node scripts/make-demo-images.ts [--preview=/tmp/dir]   (the preview writes PNG copies for review)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const SIZE = 1600;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'mock', 'images', 'haven-cam-360');

interface Palette {
  /** Body tones, brightest to darkest: highlight, light, mid, shade, deep. */
  body: [string, string, string, string, string];
  /** Studio backdrop: top, middle, floor, floor edge, and the light spill behind the product. */
  studio: [string, string, string, string, string];
  /** Lifestyle scene: wall, wall shade, accent (props, siding trim), plant pot. */
  scene: [string, string, string, string];
  /** Low-key backdrop for the night-vision close-up: centre, edge. */
  dark: [string, string];
  led: string;
}

interface Variant {
  name: string;
  kind: 'indoor' | 'outdoor';
  palette: Palette;
  /** Mirrors the lifestyle props so neighbouring variants do not look like copies. */
  mirrorScene?: boolean;
}

const VARIANTS: Variant[] = [
  {
    name: 'Arctic White',
    kind: 'indoor',
    palette: {
      body: ['#ffffff', '#f2f4f7', '#dce1e7', '#b1bac5', '#86909d'],
      studio: ['#f5f8fc', '#e7eef6', '#dae3ed', '#c6d2df', '#ffffff'],
      scene: ['#e8e2d8', '#cfc6b8', '#7b8fa6', '#efe9df'],
      dark: ['#44566d', '#121923'],
      led: '#39a7ff',
    },
  },
  {
    name: 'Midnight Black',
    kind: 'indoor',
    mirrorScene: true,
    palette: {
      body: ['#7a8291', '#3b414b', '#23272e', '#131519', '#07080a'],
      studio: ['#3c475c', '#252d3c', '#1b212d', '#0f131a', '#62789f'],
      scene: ['#d9c2aa', '#b99f86', '#41506a', '#c2774f'],
      dark: ['#4a5a7a', '#0a0d13'],
      led: '#39a7ff',
    },
  },
  {
    name: 'Sage Green',
    kind: 'indoor',
    palette: {
      body: ['#eef4ea', '#c5d5bf', '#9fb497', '#758b6e', '#526450'],
      studio: ['#f7f5ec', '#ebecdf', '#dfe5d2', '#cad4bb', '#ffffff'],
      scene: ['#f2ebdd', '#d9cdb7', '#c98b64', '#f7f3ec'],
      dark: ['#40584a', '#111913'],
      led: '#3fd6a4',
    },
  },
  {
    name: 'Outdoor Pro Graphite',
    kind: 'outdoor',
    palette: {
      body: ['#c3c9d1', '#858c96', '#575e67', '#33373e', '#1c1f23'],
      studio: ['#e6ebf1', '#d2dae3', '#bfc9d5', '#a4b0bf', '#f7f9fc'],
      scene: ['#5d6f84', '#435266', '#f1ede4', '#000'],
      dark: ['#3a4757', '#0d1116'],
      led: '#39a7ff',
    },
  },
];

const slug = (name: string): string => name.toLowerCase().replace(/ /g, '-');

// ---------- shared SVG pieces ----------

const blur = (id: string, sd: number): string =>
  `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

const stops = (pairs: Array<[number, string, number?]>): string =>
  pairs.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');

const lin = (id: string, x1: number, y1: number, x2: number, y2: number, s: Array<[number, string, number?]>): string =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(s)}</linearGradient>`;

const rad = (id: string, cx: number, cy: number, r: number, s: Array<[number, string, number?]>, fx = cx, fy = cy): string =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stops(s)}</radialGradient>`;

const svgDoc = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`;

/** A soft shadow pool under an object standing at (x, y). */
const groundShadow = (id: string, x: number, y: number, w: number, opacity: number): string =>
  `<defs>${blur(`${id}-sb`, w * 0.08)}${blur(`${id}-sc`, w * 0.02)}</defs>
  <ellipse cx="${x}" cy="${y + w * 0.03}" rx="${w * 0.62}" ry="${w * 0.1}" fill="#000" opacity="${opacity * 0.55}" filter="url(#${id}-sb)"/>
  <ellipse cx="${x}" cy="${y}" rx="${w * 0.48}" ry="${w * 0.035}" fill="#000" opacity="${opacity}" filter="url(#${id}-sc)"/>`;

/** The brand mark: a small house outline with a lens dot, used embossed on the bodies. */
const brandMark = (x: number, y: number, s: number, colour: string, opacity: number): string =>
  `<g transform="translate(${x} ${y}) scale(${s})" opacity="${opacity}" fill="none" stroke="${colour}" stroke-width="2.4" stroke-linejoin="round" stroke-linecap="round">
    <path d="M-10 2 L0 -8 L10 2 M-7 0 V9 H7 V0"/><circle cx="0" cy="3" r="2" fill="${colour}" stroke="none"/></g>`;

/** Studio sweep: wall gradient melting into a floor, with a light spill behind the product. */
function studio(p: Palette, id: string, glowY = 700): string {
  const [top, mid, floor, edge, glow] = p.studio;
  return `<defs>${lin(`${id}-bg`, 0, 0, 0, 1, [[0, top], [0.58, mid], [0.74, floor], [1, edge]])}
    ${rad(`${id}-glow`, 0.5, 0.5, 0.5, [[0, glow, 0.85], [0.55, glow, 0.28], [1, glow, 0]])}</defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-bg)"/>
    <ellipse cx="800" cy="${glowY}" rx="820" ry="700" fill="url(#${id}-glow)"/>`;
}

/** The lens stack: bezel, barrel, coated glass with a purple-teal sheen, and catch-lights. */
function lens(id: string, cx: number, cy: number, r: number, sx = 1): string {
  return `<defs>${lin(`${id}-bz`, 0, 0, 1, 1, [[0, '#d9dee4'], [0.45, '#5f6770'], [0.7, '#2d3238'], [1, '#aab2bb']])}
    ${rad(`${id}-gl`, 0.45, 0.4, 0.6, [[0, '#3b4a8a'], [0.35, '#241d55'], [0.7, '#0d1a2c'], [0.9, '#1b5b63'], [1, '#06080d']])}</defs>
    <g transform="translate(${cx} ${cy}) scale(${sx} 1)">
    <circle r="${r}" fill="url(#${id}-bz)"/>
    <circle r="${r * 0.84}" fill="#05070a"/>
    <circle r="${r * 0.66}" fill="url(#${id}-gl)"/>
    <circle r="${r * 0.66}" fill="none" stroke="#7f8ca8" stroke-opacity="0.35" stroke-width="${r * 0.03}"/>
    <circle r="${r * 0.27}" fill="#020306"/>
    <path d="M ${-r * 0.5} ${-r * 0.12} A ${r * 0.52} ${r * 0.52} 0 0 1 ${-r * 0.1} ${-r * 0.52}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="${r * 0.07}" stroke-linecap="round"/>
    <ellipse cx="${-r * 0.3}" cy="${-r * 0.32}" rx="${r * 0.14}" ry="${r * 0.09}" transform="rotate(-35 ${-r * 0.3} ${-r * 0.32})" fill="#fff" opacity="0.92"/>
    <circle cx="${r * 0.24}" cy="${r * 0.28}" r="${r * 0.05}" fill="#b9f0ff" opacity="0.55"/></g>`;
}

/** A glowing status LED. */
const led = (id: string, x: number, y: number, r: number, colour: string): string =>
  `<defs>${blur(`${id}-lg`, r * 1.6)}</defs>
  <circle cx="${x}" cy="${y}" r="${r * 3}" fill="${colour}" opacity="0.55" filter="url(#${id}-lg)"/>
  <circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.4}" fill="#fff" opacity="0.85"/>`;

/** An infrared LED dome; `glow` shows the faint red of night mode. */
const irLed = (id: string, x: number, y: number, r: number, glow: boolean): string =>
  `${glow ? `<circle cx="${x}" cy="${y}" r="${r * 2.6}" fill="#ff2a3c" opacity="0.35" filter="url(#${id}-ir)"/>` : ''}
  <circle cx="${x}" cy="${y}" r="${r}" fill="${glow ? '#6a1624' : '#1d1214'}" stroke="#000" stroke-opacity="0.6" stroke-width="${r * 0.15}"/>
  <circle cx="${x - r * 0.3}" cy="${y - r * 0.35}" r="${r * 0.28}" fill="#fff" opacity="${glow ? 0.45 : 0.22}"/>`;

// ---------- the indoor pan-tilt camera ----------

interface IndoorOptions {
  /** Horizontal offset of the face as the head pans, in local units (0 = straight on). */
  pan?: number;
  irGlow?: boolean;
}

/** Haven Cam 360 indoor: a spherical pan-tilt head on a round base. Origin: floor contact, centre; ~480 wide, ~600 high. */
function indoorCam(p: Palette, id: string, o: IndoorOptions = {}): string {
  const [hi, light, mid, shade, deep] = p.body;
  const pan = o.pan ?? -22;
  const fx = pan;
  const fy = -382;
  const squash = 1 - Math.abs(pan) / 600;
  const ir = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    return irLed(id, fx + Math.cos(a) * 100 * squash, fy - 8 + Math.sin(a) * 100, 6.5, o.irGlow ?? false);
  }).join('');
  return `<defs>
    ${lin(`${id}-bs`, 0, 0, 1, 0, [[0, shade], [0.3, light], [0.42, hi], [0.7, mid], [1, deep]])}
    ${lin(`${id}-bt`, 0, 0, 0, 1, [[0, hi], [1, mid]])}
    ${lin(`${id}-nk`, 0, 0, 1, 0, [[0, deep], [0.35, mid], [0.6, shade], [1, deep]])}
    ${rad(`${id}-hd`, 0.4, 0.34, 0.72, [[0, hi], [0.32, light], [0.68, mid], [0.9, shade], [1, deep]], 0.36, 0.26)}
    ${rad(`${id}-fc`, 0.42, 0.3, 0.8, [[0, '#34404d'], [0.45, '#12171d'], [1, '#040506']])}
    ${lin(`${id}-fr`, 0, 0, 0, 1, [[0, hi, 0.9], [0.5, mid, 0.4], [1, deep, 0.9]])}
    ${lin(`${id}-rim`, 0, 0, 1, 0, [[0, '#fff', 0], [0.75, '#fff', 0], [1, '#fff', 0.55]])}
    ${blur(`${id}-sp`, 14)}${blur(`${id}-ir`, 8)}
    <clipPath id="${id}-fclip"><ellipse cx="${fx}" cy="${fy}" rx="${150 * squash}" ry="158"/></clipPath>
    <clipPath id="${id}-hclip"><circle cx="0" cy="-360" r="240"/></clipPath>
    ${lin(`${id}-gloss`, 0, 0, 0, 1, [[0, '#fff', 0.16], [1, '#fff', 0]])}
    ${blur(`${id}-ao`, 10)}</defs>
  <g transform="translate(0 -38)">
  <path d="M -200 -100 L -200 -6 A 200 44 0 0 0 200 -6 L 200 -100 Z" fill="url(#${id}-bs)"/>
  <path d="M -200 -18 A 200 44 0 0 0 200 -18 L 200 -6 A 200 44 0 0 1 -200 -6 Z" fill="${deep}" opacity="0.5"/>
  <ellipse cx="0" cy="-100" rx="200" ry="44" fill="url(#${id}-bt)"/>
  <ellipse cx="0" cy="-100" rx="198" ry="43" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="2"/>
  ${brandMark(fx * 0.5, -50, 1.5, deep, 0.4)}
  <path d="M -72 -150 L -72 -100 A 72 16 0 0 0 72 -100 L 72 -150 Z" fill="url(#${id}-nk)"/>
  <circle cx="0" cy="-360" r="240" fill="url(#${id}-hd)"/>
  <circle cx="0" cy="-360" r="240" fill="url(#${id}-rim)"/>
  <g clip-path="url(#${id}-hclip)">
    <path d="M -250 -196 A 250 56 0 0 0 250 -196" fill="none" stroke="${deep}" stroke-opacity="0.45" stroke-width="4"/>
    <path d="M -250 -191 A 250 56 0 0 0 250 -191" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
    <ellipse cx="-40" cy="-480" rx="120" ry="70" fill="#fff" opacity="0.35" filter="url(#${id}-sp)"/>
  </g>
  <ellipse cx="${fx}" cy="${fy + 6}" rx="${172 * squash}" ry="178" fill="${deep}" opacity="0.35" filter="url(#${id}-ao)"/>
  <ellipse cx="${fx}" cy="${fy}" rx="${160 * squash}" ry="168" fill="url(#${id}-fr)"/>
  <ellipse cx="${fx}" cy="${fy}" rx="${150 * squash}" ry="158" fill="url(#${id}-fc)"/>
  <g clip-path="url(#${id}-fclip)">
    <ellipse cx="${fx - 60}" cy="${fy - 110}" rx="170" ry="100" fill="url(#${id}-gloss)"/>
    <path d="M ${fx - 120} ${fy - 40} Q ${fx - 90} ${fy - 130} ${fx + 10} ${fy - 150}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="10" stroke-linecap="round"/>
    ${ir}
  </g>
  ${lens(`${id}-ln`, fx, fy - 8, 58, squash)}
  <circle cx="${fx}" cy="${fy - 128}" r="6" fill="#1c2a33" stroke="#445" stroke-width="1.5"/>
  ${led(`${id}-led`, fx, fy + 96, 7, p.led)}
  ${[-14, 0, 14].map((dx) => `<circle cx="${fx + dx * squash}" cy="${fy + 128}" r="2.6" fill="#000" opacity="0.8"/>`).join('')}
  </g>`;
}


// ---------- the Outdoor Pro bullet camera ----------

/**
 * The weatherproof bullet housing with sun hood, lens face and antenna, pointing to the viewer's left.
 * Body coordinates: housing centred on (0, 0), ~700 long and ~280 high; the mount attaches at (80, ±150).
 */
function bulletBody(p: Palette, id: string, irGlow: boolean | undefined, cable: boolean): string {
  const [hi, light, mid, shade, deep] = p.body;
  const irs = [[-312, -60], [-270, -62], [-312, 56], [-270, 58]]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="7" ry="10" fill="${irGlow ? '#6a1624' : '#1d1214'}" stroke="#000" stroke-opacity="0.6" stroke-width="1.5"/>
      <ellipse cx="${(x ?? 0) - 2}" cy="${(y ?? 0) - 4}" rx="2.2" ry="3" fill="#fff" opacity="0.3"/>`).join('');
  return `<defs>
    ${lin(`${id}-cyl`, 0, 0, 0, 1, [[0, shade], [0.1, light], [0.24, hi], [0.4, light], [0.68, mid], [0.9, shade], [1, deep]])}
    ${lin(`${id}-hood`, 0, 0, 0, 1, [[0, hi], [0.45, light], [1, mid]])}
    ${lin(`${id}-bez`, 0, 0, 1, 1, [[0, hi], [0.5, mid], [1, deep]])}
    ${rad(`${id}-gls`, 0.35, 0.3, 0.9, [[0, '#3a4654'], [0.5, '#11161c'], [1, '#030405']])}
    ${lin(`${id}-ant`, 0, 0, 1, 0, [[0, deep], [0.4, shade], [0.6, mid], [1, deep]])}
    ${blur(`${id}-ir`, 6)}${blur(`${id}-hs`, 6)}</defs>
  <path d="M 212 -70 L 262 -300" stroke="url(#${id}-ant)" stroke-width="24" stroke-linecap="round"/>
  <path d="M 214 -78 L 258 -284" stroke="${hi}" stroke-opacity="0.35" stroke-width="4" stroke-linecap="round"/>
  <ellipse cx="212" cy="-70" rx="20" ry="10" fill="${deep}"/>
  <path d="M -280 -120 L 236 -120 A 52 120 0 0 1 236 120 L -280 120 Z" fill="url(#${id}-cyl)"/>
  <path d="M 176 -120 A 52 120 0 0 0 176 120" fill="none" stroke="${deep}" stroke-opacity="0.4" stroke-width="4"/>
  <path d="M 181 -120 A 52 120 0 0 0 181 120" fill="none" stroke="${hi}" stroke-opacity="0.3" stroke-width="2"/>
  ${brandMark(-40, 48, 1.7, deep, 0.35)}
  <ellipse cx="-280" cy="0" rx="80" ry="120" fill="url(#${id}-bez)"/>
  <ellipse cx="-285" cy="0" rx="69" ry="106" fill="${deep}"/>
  <ellipse cx="-287" cy="0" rx="64" ry="100" fill="url(#${id}-gls)"/>
  ${irGlow ? `<ellipse cx="-284" cy="-72" rx="40" ry="22" fill="#ff2a3c" opacity="0.35" filter="url(#${id}-ir)"/><ellipse cx="-284" cy="58" rx="40" ry="22" fill="#ff2a3c" opacity="0.35" filter="url(#${id}-ir)"/>` : ''}
  ${irs}
  ${lens(`${id}-ln`, -290, -4, 42, 0.66)}
  <ellipse cx="-290" cy="84" rx="6" ry="7" fill="#fff6dc" stroke="#8a7a55" stroke-width="1.2"/>
  ${led(`${id}-led`, -318, 28, 4, p.led)}
  <path d="M -330 -80 Q -340 -20 -326 50" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="8" stroke-linecap="round"/>
  <path d="M -338 -92 L 262 -92 L 262 -70 L -330 -80 Z" fill="${deep}" opacity="0.45" filter="url(#${id}-hs)"/>
  <path d="M -352 -148 C -364 -128 -362 -104 -346 -92 L 262 -92 L 262 -150 C 262 -158 254 -162 244 -162 L -330 -162 C -342 -162 -348 -156 -352 -148 Z" fill="url(#${id}-hood)"/>
  <path d="M -346 -92 L 262 -92" stroke="${shade}" stroke-width="5"/>
  <path d="M -352 -148 C -364 -128 -362 -104 -346 -92" fill="none" stroke="${deep}" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round"/>
  <path d="M -330 -160 L 244 -160" stroke="#fff" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>
  ${cable ? `<path d="M 200 118 C 214 270 250 420 320 496 Q 356 534 430 534" fill="none" stroke="#15171a" stroke-width="13" stroke-linecap="round"/>
  <rect x="186" y="104" width="30" height="34" rx="6" fill="${deep}"/>` : ''}`;
}

interface BulletOptions {
  mount: 'floor' | 'ceiling';
  tilt?: number;
  irGlow?: boolean;
}

/** Bullet camera with its bracket. Floor mount: origin at the floor contact; ceiling mount: origin at the ceiling plate. */
function outdoorCam(p: Palette, id: string, o: BulletOptions): string {
  const [hi, light, mid, shade, deep] = p.body;
  const dir = o.mount === 'floor' ? -1 : 1;
  const pivotY = dir * 300;
  const plateY = dir * 30;
  // The plate's visible face is the one turned to the viewer: its top on a floor, its underside on a ceiling.
  const [sideTop, sideBottom] = o.mount === 'floor' ? [plateY, 0] : [0, plateY];
  const plate = `<path d="M -150 ${sideTop} L -150 ${sideBottom} A 150 34 0 0 0 150 ${sideBottom} L 150 ${sideTop} Z" fill="url(#${id}-mcyl)"/>
    <ellipse cx="0" cy="${plateY}" rx="150" ry="34" fill="url(#${id}-mtop)"/>
    ${[-96, 96].map((x) => `<circle cx="${x}" cy="${plateY}" r="7" fill="${shade}" stroke="${deep}" stroke-width="2"/>`).join('')}`;
  return `<defs>
    ${lin(`${id}-mcyl`, 0, 0, 1, 0, [[0, shade], [0.35, light], [0.45, hi], [0.75, mid], [1, deep]])}
    ${lin(`${id}-mtop`, 0, 0, 0, 1, [[0, hi], [1, mid]])}
    ${rad(`${id}-ball`, 0.38, 0.32, 0.7, [[0, hi], [0.5, mid], [1, deep]])}</defs>
  ${o.mount === 'floor' ? plate : ''}
  <rect x="-28" y="${Math.min(plateY, pivotY)}" width="56" height="${Math.abs(pivotY - plateY)}" fill="url(#${id}-mcyl)"/>
  <rect x="-36" y="${pivotY * 0.45 - 20}" width="72" height="40" rx="10" fill="url(#${id}-mcyl)"/>
  <circle cx="0" cy="${pivotY}" r="40" fill="url(#${id}-ball)"/>
  <g transform="translate(0 ${pivotY}) rotate(${o.tilt ?? -9}) translate(-80 ${-dir * -150})">
    <rect x="${80 - 26}" y="${dir > 0 ? -150 : 110}" width="52" height="40" fill="url(#${id}-mcyl)"/>
    ${bulletBody(p, `${id}-b`, o.irGlow, o.mount === 'floor')}
  </g>
  ${o.mount === 'ceiling' ? plate : ''}`;
}

// ---------- detail close-ups ----------

/** Fixed out-of-focus highlights for the low-key backdrops. */
const BOKEH: Array<[number, number, number, number]> = [
  [210, 250, 110, 0.16], [1390, 230, 150, 0.12], [1460, 760, 70, 0.14], [150, 1020, 90, 0.1],
  [1300, 1380, 120, 0.1], [330, 1450, 70, 0.12], [620, 120, 60, 0.1], [1120, 90, 45, 0.14],
];

function lowKey(p: Palette, id: string): string {
  const [centre, edge] = p.dark;
  return `<defs>${rad(`${id}-lk`, 0.5, 0.45, 0.75, [[0, centre], [1, edge]])}${blur(`${id}-bk`, 10)}</defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-lk)"/>
  ${BOKEH.map(([x, y, r, a]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#dfe8ff" opacity="${a}" filter="url(#${id}-bk)"/>`).join('')}`;
}

/** The Outdoor Pro seen head-on: lens, IR array, spotlight and rain beading on the sun hood. */
function bulletFront(p: Palette, id: string): string {
  const [hi, light, mid, shade, deep] = p.body;
  const irs = [150, 180, 210, 330, 0, 30].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return irLed(id, Math.cos(a) * 250, -10 + Math.sin(a) * 250, 24, true);
  }).join('');
  const drops: Array<[number, number, number]> = [
    [-380, -300, 16], [-300, -392, 12], [-200, -446, 18], [-90, -470, 11], [30, -476, 15], [150, -462, 10],
    [260, -420, 17], [350, -350, 12], [420, -250, 9], [-430, -200, 10], [90, -488, 7], [-250, -430, 7],
  ];
  return `<defs>
    ${lin(`${id}-ring`, 0, 0, 1, 1, [[0, hi], [0.35, light], [0.7, mid], [1, deep]])}
    ${lin(`${id}-hood`, 0, 0, 0, 1, [[0, hi], [0.6, light], [1, mid]])}
    ${rad(`${id}-gls`, 0.4, 0.32, 0.85, [[0, '#2e3946'], [0.55, '#10151b'], [1, '#030405']])}
    ${lin(`${id}-ref`, 0, 0, 0, 1, [[0, '#fff', 0.14], [1, '#fff', 0]])}
    ${blur(`${id}-ir`, 14)}${blur(`${id}-sh`, 24)}
    <clipPath id="${id}-gclip"><circle r="360"/></clipPath></defs>
  <circle cx="20" cy="40" r="440" fill="#000" opacity="0.45" filter="url(#${id}-sh)"/>
  <circle r="430" fill="url(#${id}-ring)"/>
  <circle r="430" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="3"/>
  <circle r="376" fill="${deep}"/>
  <circle r="360" fill="url(#${id}-gls)"/>
  <g clip-path="url(#${id}-gclip)">
    <ellipse cx="-80" cy="-230" rx="330" ry="170" fill="url(#${id}-ref)"/>
    ${irs}
    <rect x="-150" y="-290" width="80" height="44" rx="14" fill="#fff7e2" stroke="#8d7d58" stroke-width="3"/>
    <rect x="70" y="-290" width="80" height="44" rx="14" fill="#fff7e2" stroke="#8d7d58" stroke-width="3"/>
    <circle cy="-268" r="9" fill="#1c2a33" stroke="#556" stroke-width="2"/>
    ${[-24, 0, 24].map((x) => `<circle cx="${x}" cy="300" r="5" fill="#000" opacity="0.85"/>`).join('')}
  </g>
  ${lens(`${id}-ln`, 0, -10, 150)}
  ${led(`${id}-led`, 0, 230, 10, p.led)}
  <path d="M -470 -40 A 470 470 0 0 1 470 -40 L 440 -40 A 440 440 0 0 0 -440 -40 Z" fill="${deep}" opacity="0.7" transform="translate(0 22)" filter="url(#${id}-ir)"/>
  <path d="M -490 -40 A 490 490 0 0 1 490 -40 L 452 -40 A 452 452 0 0 0 -452 -40 Z" fill="url(#${id}-hood)"/>
  <path d="M -488 -60 A 488 488 0 0 1 488 -60" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="4"/>
  <path d="M -490 -40 L -452 -40 M 452 -40 L 490 -40" stroke="${shade}" stroke-width="6" stroke-linecap="round"/>
  ${drops.map(([x, y, r]) => `<g transform="translate(${x} ${y})"><ellipse rx="${r}" ry="${r * 0.8}" fill="${deep}" opacity="0.25"/>
    <ellipse cy="${-r * 0.1}" rx="${r * 0.9}" ry="${r * 0.7}" fill="#fff" opacity="0.22"/>
    <circle cx="${-r * 0.35}" cy="${-r * 0.35}" r="${r * 0.25}" fill="#fff" opacity="0.9"/></g>`).join('')}`;
}

function closeUp(v: Variant, id: string): string {
  if (v.kind === 'outdoor') {
    return svgDoc(`${lowKey(v.palette, id)}<g transform="translate(800 860) scale(1.28)">${bulletFront(v.palette, `${id}-cam`)}</g>`);
  }
  // Placed so the face (not the whole camera) sits at the centre; the base runs off the bottom edge.
  return svgDoc(`${lowKey(v.palette, id)}
  <g transform="translate(702 1852) scale(2.6)">${indoorCam(v.palette, `${id}-cam`, { pan: 30, irGlow: true })}</g>`);
}

// ---------- lifestyle scenes ----------

/** A leafy house plant in a ceramic pot standing at (x, y). */
function plant(id: string, x: number, y: number, pot: string): string {
  const leaves: Array<[number, number, string]> = [
    [-62, 330, '#4d7a47'], [-40, 420, '#5f9153'], [-18, 470, '#3f6a3c'], [4, 500, '#6a9c5c'], [24, 450, '#4a7845'],
    [46, 400, '#5c8d50'], [66, 310, '#3e683b'], [-82, 240, '#5a8a4f'], [86, 230, '#4f7f49'],
  ];
  return `<defs>${lin(`${id}-pot`, 0, 0, 1, 0, [[0, '#000', 0.25], [0.3, '#fff', 0.18], [0.6, '#000', 0], [1, '#000', 0.3]])}</defs>
  <g transform="translate(${x} ${y})">
  ${leaves.map(([deg, len, c]) => `<g transform="translate(0 -250) rotate(${deg})">
    <path d="M 0 0 C ${len * 0.22} ${-len * 0.3} ${len * 0.2} ${-len * 0.75} 0 ${-len} C ${-len * 0.2} ${-len * 0.75} ${-len * 0.22} ${-len * 0.3} 0 0 Z" fill="${c}"/>
    <path d="M 0 0 Q ${len * 0.03} ${-len * 0.5} 0 ${-len * 0.95}" fill="none" stroke="#d9ecc8" stroke-opacity="0.4" stroke-width="4"/></g>`).join('')}
  <path d="M -130 -270 L 130 -270 L 106 0 L -106 0 Z" fill="${pot}"/>
  <path d="M -130 -270 L 130 -270 L 106 0 L -106 0 Z" fill="url(#${id}-pot)"/>
  <rect x="-138" y="-286" width="276" height="24" rx="8" fill="${pot}"/>
  <rect x="-138" y="-286" width="276" height="24" rx="8" fill="url(#${id}-pot)"/></g>`;
}

/** A short stack of hardback books lying flat, seen spine-on, at (x, y). */
function books(x: number, y: number, colours: [string, string, string]): string {
  const sizes: Array<[number, number, number]> = [[360, 56, 0], [320, 44, 18], [340, 50, -8]];
  let top = y;
  return sizes.map(([w, h, dx], i) => {
    top -= h;
    const c = colours[i] ?? '#888';
    return `<rect x="${x + dx - w / 2}" y="${top}" width="${w}" height="${h}" rx="6" fill="${c}"/>
      <rect x="${x + dx - w / 2}" y="${top}" width="${w}" height="${h * 0.25}" rx="4" fill="#fff" opacity="0.14"/>
      <path d="M ${x + dx - w / 2 + 40} ${top + 6} v ${h - 12} M ${x + dx + w / 2 - 40} ${top + 6} v ${h - 12}" stroke="#fff" stroke-opacity="0.3" stroke-width="4"/>`;
  }).join('');
}

/** Indoor camera on a floating shelf in a sunlit living room. */
function room(v: Variant, id: string): string {
  const [wall, wallShade, accent, pot] = v.palette.scene;
  const camX = v.mirrorScene ? 830 : 780;
  return svgDoc(`<defs>
    ${lin(`${id}-wall`, 0, 0, 1, 1, [[0, wall], [1, wallShade]])}
    ${lin(`${id}-wood`, 0, 0, 0, 1, [[0, '#c9a27a'], [0.35, '#b88d63'], [1, '#8e6843']])}
    ${lin(`${id}-art`, 0, 0, 0, 1, [[0, '#f3ead9'], [1, '#e6d9c1']])}
    ${blur(`${id}-sun`, 28)}${blur(`${id}-ss`, 20)}${blur(`${id}-fs`, 12)}</defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-wall)"/>
  <g fill="#fff8ec" opacity="0.32" filter="url(#${id}-sun)">
    <polygon points="60,-40 420,-40 1000,1240 640,1240"/><polygon points="500,-40 660,-40 1240,1240 1080,1240"/></g>
  <g transform="${v.mirrorScene ? 'translate(1600 0) scale(-1 1)' : ''}">
  <rect x="196" y="270" width="360" height="440" fill="#000" opacity="0.18" filter="url(#${id}-fs)" transform="translate(10 16)"/>
  <rect x="196" y="270" width="360" height="440" fill="#3a3129"/>
  <rect x="218" y="292" width="316" height="396" fill="url(#${id}-art)"/>
  <circle cx="420" cy="430" r="62" fill="${accent}" opacity="0.85"/>
  <path d="M 250 640 L 330 520 L 390 590 L 450 500 L 500 640 Z" fill="#6f7f69" opacity="0.8"/>
  </g>
  <rect x="60" y="1300" width="1480" height="90" fill="#000" opacity="0.28" filter="url(#${id}-ss)"/>
  <rect x="60" y="1232" width="1480" height="26" fill="#d8b891"/>
  <rect x="60" y="1258" width="1480" height="62" fill="url(#${id}-wood)"/>
  <rect x="60" y="1258" width="1480" height="3" fill="#fff" opacity="0.35"/>
  <g transform="${v.mirrorScene ? 'translate(1600 0) scale(-1 1)' : ''}">
  ${books(380, 1246, [accent, '#5b6b7e', '#b59f7e'])}
  ${groundShadow(`${id}-ps`, 1290, 1250, 240, 0.35)}
  ${plant(`${id}-pl`, 1290, 1248, pot)}</g>
  ${groundShadow(`${id}-gs`, camX, 1250, 330, 0.4)}
  <g transform="translate(${camX} 1250) scale(1.05)">${indoorCam(v.palette, `${id}-cam`, { pan: v.mirrorScene ? 30 : -34 })}</g>`);
}

/** Outdoor Pro mounted under the eave of a house at dusk, beside a wall lantern. */
function porch(v: Variant, id: string): string {
  const [wall, wallShade, trim] = v.palette.scene;
  const boards = Array.from({ length: 16 }, (_, i) => 330 + i * 82).map((y) =>
    `<rect x="0" y="${y}" width="${SIZE}" height="82" fill="url(#${id}-board)"/><rect x="0" y="${y + 78}" width="${SIZE}" height="4" fill="#000" opacity="0.28"/>`).join('');
  return svgDoc(`<defs>
    ${lin(`${id}-board`, 0, 0, 0, 1, [[0, wall], [1, wallShade]])}
    ${lin(`${id}-dusk`, 0, 0, 1, 0, [[0, '#1d2738', 0.55], [0.6, '#1d2738', 0.05], [1, '#1d2738', 0.3]])}
    ${lin(`${id}-soffit`, 0, 0, 0, 1, [[0, '#cfc9bd'], [1, trim]])}
    ${lin(`${id}-win`, 0, 0, 0, 1, [[0, '#ffe2ad'], [1, '#f0a55a']])}
    ${rad(`${id}-warm`, 0.5, 0.5, 0.5, [[0, '#ffc978', 0.75], [0.5, '#ffb35c', 0.22], [1, '#ffb35c', 0]])}
    ${blur(`${id}-cs`, 26)}${blur(`${id}-es`, 14)}</defs>
  ${boards}
  <rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-dusk)"/>
  <ellipse cx="1350" cy="820" rx="520" ry="560" fill="url(#${id}-warm)"/>
  <rect x="70" y="640" width="470" height="760" fill="${trim}"/>
  <rect x="100" y="670" width="410" height="700" fill="url(#${id}-win)"/>
  <path d="M 305 670 V 1370 M 100 1020 H 510" stroke="${trim}" stroke-width="20"/>
  <rect x="100" y="670" width="410" height="700" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="6"/>
  <rect x="50" y="1390" width="510" height="40" fill="${trim}"/>
  <rect x="1310" y="700" width="80" height="230" rx="12" fill="#23262b"/>
  <rect x="1290" y="740" width="120" height="170" rx="10" fill="#ffd894"/>
  <path d="M 1290 800 H 1410 M 1350 740 V 910" stroke="#23262b" stroke-width="8"/>
  <path d="M 1280 730 H 1420 L 1400 700 H 1300 Z" fill="#23262b"/>
  <rect x="0" y="0" width="${SIZE}" height="70" fill="#3a3f47"/>
  <rect x="0" y="70" width="${SIZE}" height="200" fill="url(#${id}-soffit)"/>
  ${Array.from({ length: 5 }, (_, i) => `<rect x="${140 + i * 300}" y="150" width="140" height="34" rx="6" fill="#000" opacity="0.1"/>
    <path d="M ${156 + i * 300} 160 h 108 M ${156 + i * 300} 168 h 108 M ${156 + i * 300} 176 h 108" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`).join('')}
  <rect x="0" y="270" width="${SIZE}" height="60" fill="${trim}"/>
  <rect x="0" y="330" width="${SIZE}" height="36" fill="#000" opacity="0.3" filter="url(#${id}-es)"/>
  <ellipse cx="940" cy="740" rx="380" ry="150" fill="#000" opacity="0.3" filter="url(#${id}-cs)"/>
  <g transform="translate(880 270) scale(1.15)">${outdoorCam(v.palette, `${id}-cam`, { mount: 'ceiling', tilt: -12 })}</g>`);
}

function hero(v: Variant, id: string): string {
  if (v.kind === 'outdoor') {
    return svgDoc(`${studio(v.palette, id)}${groundShadow(`${id}-gs`, 890, 1300, 420, 0.45)}
    <g transform="translate(890 1300) scale(1.45)">${outdoorCam(v.palette, `${id}-cam`, { mount: 'floor' })}</g>`);
  }
  return svgDoc(`${studio(v.palette, id)}${groundShadow(`${id}-gs`, 800, 1350, 610, 0.45)}
  <g transform="translate(800 1350) scale(1.78)">${indoorCam(v.palette, `${id}-cam`)}</g>`);
}

const previewDir = parseArgs({ options: { preview: { type: 'string' } } }).values.preview;
mkdirSync(OUT_DIR, { recursive: true });
if (previewDir) mkdirSync(previewDir, { recursive: true });
for (const v of VARIANTS) {
  const shots = [hero(v, 'h'), closeUp(v, 'c'), v.kind === 'outdoor' ? porch(v, 'l') : room(v, 'l')];
  for (const [i, svg] of shots.entries()) {
    const name = `${slug(v.name)}-${i + 1}`;
    const webp = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 6 }).toBuffer();
    writeFileSync(join(OUT_DIR, `${name}.webp`), webp);
    if (previewDir) {
      await sharp(webp).resize(800).png().toFile(join(previewDir, `${name}.png`));
      writeFileSync(join(previewDir, `${name}.svg`), svg);
    }
    console.log(`${name}.webp ${webp.length} bytes`);
  }
}
