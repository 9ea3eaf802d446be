// Scroll position restored from session storage: saved as the shopper scrolls or leaves,
// restored when they come back to the same page in this tab (reload, or back from checkout).
const key = `haven-scroll:${location.pathname}`;

function save(): void {
  try {
    sessionStorage.setItem(key, String(Math.round(window.scrollY)));
  } catch {
    /* storage unavailable: nothing to restore later, nothing breaks now */
  }
}

function restore(): void {
  let y: number;
  try {
    y = Number(sessionStorage.getItem(key));
  } catch {
    return;
  }
  if (!Number.isFinite(y) || y <= 0 || location.hash) return;
  // Blocks below the fold render lazily at an estimated height (`render-lazily`, global.css); the saved position
  // was taken against real heights, so every block renders before the page scrolls there.
  document.documentElement.classList.add('render-all');
  window.scrollTo(0, y);
}

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
// Reading session storage is a synchronous call to the browser process (1 to 5 ms measured here). In a task of its
// own it stays out of the task that ends parsing and lays out the whole page, which would otherwise grow by it.
setTimeout(() => {
  restore();
  let pending = 0;
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(save);
    },
    { passive: true },
  );
  window.addEventListener('pagehide', save);
});
