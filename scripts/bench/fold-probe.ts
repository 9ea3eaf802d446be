// Reads the product page's first screen the way Lighthouse's mobile run sees it (same viewport, pixel ratio and user
// agent): the LCP element, the hero image rendition the browser chose, and every visible text block above the fold
// with its position and font. The floor page (floor.ts) is drawn from this.
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, mobileContext, PHONE } from './chrome.ts';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface TextBlock extends Box {
  text: string;
  /** h1-h6 keep their tag (headings matter to the page's structure); everything else becomes a paragraph. */
  tag: string;
  fontSize: string;
  fontWeight: string;
  lineHeight: string;
  color: string;
}

export interface FoldProbe {
  url: string;
  lang: string;
  title: string;
  description: string;
  background: string;
  viewport: { width: number; height: number };
  /** The LCP element as the browser reported it. */
  lcp: { tag: string; url: string };
  /** The hero image: the LCP element if it is an image, otherwise the largest image on the first screen. */
  image?: Box & { src: string; alt: string; objectFit: string; isLcp: boolean };
  blocks: TextBlock[];
}

type InPage = Omit<FoldProbe, 'url' | 'viewport'>;

/** Runs in the page. Kept free of outside references: Playwright sends its source text to the browser. */
async function readFold(): Promise<InPage> {
  const lcpEntry = await new Promise<PerformanceEntry | undefined>((resolve) => {
    let last: PerformanceEntry | undefined;
    new PerformanceObserver((list) => {
      last = list.getEntries().at(-1) ?? last;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(last), 300);
  });
  const lcp: (PerformanceEntry & { element?: Element | null; url?: string }) | undefined = lcpEntry;
  const fold = window.innerHeight;
  const onScreen = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < fold;
  const box = (r: DOMRect) => ({ left: r.left, top: r.top + window.scrollY, width: r.width, height: r.height });

  let hero: HTMLImageElement | undefined;
  if (lcp?.element instanceof HTMLImageElement) hero = lcp.element;
  else {
    const area = (img: HTMLImageElement) => img.getBoundingClientRect().width * img.getBoundingClientRect().height;
    hero = [...document.images]
      .filter((img) => onScreen(img.getBoundingClientRect()))
      .sort((a, b) => area(b) - area(a))[0];
  }

  const blocks = new Map<Element, { texts: string[]; rects: DOMRect[] }>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // What an ancestor clips (a scrolled or overflow-hidden box, such as the countdown's digit wheels) is not seen.
    const clips: DOMRect[] = [];
    for (let a = parent.parentElement; a; a = a.parentElement)
      if (getComputedStyle(a).overflow !== 'visible') clips.push(a.getBoundingClientRect());
    const clipped = (r: DOMRect) =>
      clips.reduce(
        (v, c) =>
          DOMRect.fromRect({
            x: Math.max(v.left, c.left),
            y: Math.max(v.top, c.top),
            width: Math.min(v.right, c.right) - Math.max(v.left, c.left),
            height: Math.min(v.bottom, c.bottom) - Math.max(v.top, c.top),
          }),
        r,
      );
    const rects = [...range.getClientRects()].map(clipped).filter(onScreen);
    if (!rects.length) continue;
    let block: Element = parent;
    while (
      block.parentElement &&
      getComputedStyle(block).display.startsWith('inline') &&
      !/^H[1-6]$/.test(block.tagName)
    ) {
      block = block.parentElement;
    }
    const entry = blocks.get(block) ?? { texts: [], rects: [] };
    entry.texts.push(text);
    entry.rects.push(...rects);
    blocks.set(block, entry);
  }

  const imageStyle = hero ? getComputedStyle(hero) : undefined;
  const heroRect = hero?.getBoundingClientRect();
  return {
    lang: document.documentElement.lang,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    background: getComputedStyle(document.body).backgroundColor,
    lcp: { tag: lcp?.element?.tagName.toLowerCase() ?? '', url: lcp?.url ?? '' },
    image:
      hero && heroRect
        ? {
            ...box(heroRect),
            src: hero.currentSrc,
            alt: hero.alt,
            objectFit: imageStyle?.objectFit ?? 'fill',
            isLcp: hero === lcp?.element,
          }
        : undefined,
    blocks: [...blocks].map(([element, { texts, rects }]) => {
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      const style = getComputedStyle(element);
      return {
        text: texts.join(' '),
        tag: /^H[1-6]$/.test(element.tagName) ? element.tagName.toLowerCase() : 'p',
        left,
        top: top + window.scrollY,
        width: Math.max(...rects.map((r) => r.right)) - left,
        height: Math.max(...rects.map((r) => r.bottom)) - top,
        fontSize: style.fontSize,
        fontWeight: style.fontWeight,
        lineHeight: style.lineHeight,
        color: style.color,
      };
    }),
  };
}

export async function probeFold(url: string): Promise<FoldProbe> {
  // Lighthouse's own mobile emulation, so the probe sees the rendition and the fold Lighthouse measures.
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await (await mobileContext(browser)).newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return { ...(await page.evaluate(readFold)), url, viewport: PHONE.viewport };
  } finally {
    await browser.close();
  }
}
