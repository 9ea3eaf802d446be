// Without CSS view timelines (Firefox), an observer tells the sticky bar whether the main Add to Cart is in view.

export function followMainAdd(): () => void {
  const button = document.getElementById('main-add-button');
  if (!button || typeof IntersectionObserver === 'undefined') return () => undefined;
  const root = document.documentElement;
  const observer = new IntersectionObserver(([entry]) => {
    if (entry) root.toggleAttribute('data-main-add-away', !entry.isIntersecting);
  });
  observer.observe(button);
  return () => {
    observer.disconnect();
    root.removeAttribute('data-main-add-away');
  };
}
