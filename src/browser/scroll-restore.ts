// The scroll position, restored when the shopper comes back to this page in this tab.
const key = `haven-scroll:${location.pathname}`;

function save(): void {
  try {
    sessionStorage.setItem(key, String(Math.round(window.scrollY)));
  } catch {
    /* nothing to restore later */
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
  // Lazily rendered blocks (global.css) take their real heights first.
  document.documentElement.classList.add('render-all');
  window.scrollTo(0, y);
}

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
// Session storage blocks 1 to 5 ms: not in the layout task.
setTimeout(() => {
  restore();
  // Written as the page is left or hidden, never during a scroll or a tap.
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && save());
});
