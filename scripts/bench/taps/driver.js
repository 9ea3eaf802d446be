// The tap-to-paint bench's shopper, added to every page by phone-link.ts (never part of the site). On the product
// page it adds to the cart and, after a look at the drawer, taps Checkout; on /checkout it opens the wallet and,
// after a look at the order, taps Approve. Each page reports how it was shown: whether it was prerendered, when it
// was activated, and when its largest content was painted. Times are absolute (timeOrigin + page time), so a tap
// on one page and the paint of the next compare.
const LOOK_MS = 2000;
const SETTLE_MS = 1500;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const path = location.pathname.replace(/\/+$/, '') || '/';

function report(data) {
  return fetch('/__bench/report', {
    method: 'POST',
    body: JSON.stringify({ path, ...data }),
    keepalive: true,
  }).catch(() => {});
}

async function until(what, find, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > end) throw new Error(`${path}: no ${what} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** An island has hydrated once Astro removes its `ssr` attribute. */
const hydrated = (element) => (element && !element.closest('astro-island[ssr]') ? element : undefined);
const button = (scope, name) =>
  [...scope.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent.trim()) === name);

/** The page's largest contentful paint as a shopper sees it: never before the page was shown. Resolves once told. */
function watchPaint() {
  let told;
  const reported = new Promise((resolve) => (told = resolve));
  const navigation = performance.getEntriesByType('navigation')[0];
  let lcp = 0;
  let element = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      lcp = Math.max(lcp, entry.startTime);
      element = `${entry.element?.tagName ?? '?'} ${entry.size} ${(entry.element?.textContent ?? '').slice(0, 40)}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // The first frame after the page is shown, then time for its content to settle before reporting.
  const settle = async (frame) => {
    await sleep(SETTLE_MS);
    const activationStart = navigation.activationStart ?? 0;
    await report({
      kind: 'shown',
      prerendered: activationStart > 0,
      activatedAt: performance.timeOrigin + activationStart,
      paintedAt: performance.timeOrigin + Math.max(lcp, frame),
      element,
    });
  };
  const shown = () => requestAnimationFrame(() => void settle(performance.now()).then(told));
  if (document.prerendering) {
    addEventListener('load', () => void report({ kind: 'prerendered', at: now() }), { once: true });
    document.addEventListener('prerenderingchange', shown, { once: true });
  } else shown();
  return reported;
}

async function productPage() {
  const add = await until('hydrated Add to Cart', () => hydrated(document.getElementById('main-add-button')));
  await sleep(500);
  add.click();
  const checkout = await until('Checkout link in the drawer', () =>
    document.querySelector('[role="dialog"] a[href="/checkout"]'),
  );
  await sleep(LOOK_MS);
  await report({ kind: 'tap', target: '/checkout', at: now() });
  checkout.click();
}

async function checkoutPage() {
  const express = await until('express checkout', () => document.getElementById('express-title')?.closest('section'));
  // The first wallet's button, once it is ready (the demo wallet's stands for every provider).
  const wallet = await until('an enabled wallet button', () => express.querySelector('button[aria-disabled="false"]'));
  // A click from the page's own script has no user activation, so the demo wallet would refuse its window as a
  // browser blocks such a popup; this driver has no other way to tap, and measures paint, not that rule.
  window.__demoWallet = { ...window.__demoWallet, scriptClicks: true };
  wallet.click();
  const approve = await until('Approve in the wallet', () => {
    const wallet = document.querySelector('dialog[open]');
    return wallet && button(wallet, 'Approve');
  });
  await sleep(LOOK_MS);
  await report({ kind: 'tap', target: '/thank-you', at: now() });
  approve.click();
}

async function main() {
  const painted = path === '/checkout' || path === '/thank-you' ? watchPaint() : undefined;
  if (document.prerendering)
    await new Promise((r) => document.addEventListener('prerenderingchange', r, { once: true }));
  if (path === '/') await productPage();
  // The shopper looks at the order before opening the wallet: nothing of the wallet's opening in /checkout's paint.
  else if (path === '/checkout') await painted.then(checkoutPage);
}

main().catch((error) => report({ kind: 'failed', error: String(error) }));
