// The next page of the purchase path prerendered at the shopper's intent; only speed depends on it.
import { speculationRules, type PrerenderedPage } from '../lib/speculation-rules.ts';
import { SITE_BASE } from '../lib/href.ts';
import { afterNextPaint } from './after-paint.ts';

const RULES = speculationRules(SITE_BASE);

const selector = (page: PrerenderedPage) => `script[type="speculationrules"][data-prerender="${page}"]`;

const waiting = new Set<PrerenderedPage>();

export function prerender(page: PrerenderedPage): void {
  if (typeof HTMLScriptElement.supports !== 'function' || !HTMLScriptElement.supports('speculationrules')) return;
  if (waiting.has(page) || document.querySelector(selector(page))) return;
  waiting.add(page);
  afterNextPaint(() => {
    if (!waiting.delete(page)) return;
    const script = document.createElement('script');
    script.type = 'speculationrules';
    script.dataset.prerender = page;
    script.textContent = RULES[page];
    document.head.append(script);
  });
}

export function withdrawPrerender(page: PrerenderedPage): void {
  waiting.delete(page);
  document.querySelector(selector(page))?.remove();
}
