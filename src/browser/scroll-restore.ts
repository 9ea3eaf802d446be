// The scroll position, restored when the shopper comes back to the same page in this tab.
const key = `haven-scroll:${location.pathname}`;
const SCROLL_REST_MS = 150;

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
  // Lazily rendered blocks (global.css) take their real heights first, as when the position was saved.
  document.documentElement.classList.add('render-all');
  window.scrollTo(0, y);
}

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
// Reading session storage blocks 1 to 5 ms: not in the task that lays out the page.
setTimeout(() => {
  restore();
  // At rest, in a task of its own: not in each frame of a scroll.
  let pending: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = (delay: number) => () => {
    clearTimeout(pending);
    pending = setTimeout(save, delay);
  };
  const ends = 'onscrollend' in window;
  window.addEventListener(ends ? 'scrollend' : 'scroll', saveSoon(ends ? 0 : SCROLL_REST_MS), { passive: true });
  window.addEventListener('pagehide', save);
});
