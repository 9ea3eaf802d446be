// Prerendering the next page of the purchase path when the shopper shows intent, through the Speculation Rules API:
// one fixed rule set per page (src/lib/speculation-rules.ts), allowed by its hash in the page's policy. A browser
// without prerendering ignores the call; nothing depends on it but speed.
import { SPECULATION_RULES, type PrerenderedPage } from '../lib/speculation-rules.ts';

const selector = (page: PrerenderedPage) => `script[type="speculationrules"][data-prerender="${page}"]`;

const waiting = new Set<PrerenderedPage>();

/** Starts prerendering `page` (once: a second call while the rule is in place or on its way does nothing). */
export function prerender(page: PrerenderedPage): void {
  if (typeof HTMLScriptElement.supports !== 'function' || !HTMLScriptElement.supports('speculationrules')) return;
  if (waiting.has(page) || document.querySelector(selector(page))) return;
  waiting.add(page);
  // After the next paint: the tap that showed the intent (opening the drawer) is answered on screen first.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!waiting.delete(page)) return; // withdrawn meanwhile
      const script = document.createElement('script');
      script.type = 'speculationrules';
      script.dataset.prerender = page;
      script.textContent = SPECULATION_RULES[page];
      document.head.append(script);
    }),
  );
}

/** Withdraws the rule: the browser drops the prerender (the intent is gone, or the page would be wrong). */
export function withdrawPrerender(page: PrerenderedPage): void {
  waiting.delete(page);
  document.querySelector(selector(page))?.remove();
}
