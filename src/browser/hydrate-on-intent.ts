// `client:intent` (registered in astro.config.mjs): hydrate when the browser is idle, like client:idle, or at
// the shopper's first touch, key or focus inside the island, whichever comes first. A tap on a button before
// the island's code has arrived is not lost: it is held (its default action cancelled) and replayed on the same
// control once React has taken over, so an early "Add to Cart" adds, an early option pick picks. Links are left
// to the browser. The code is inlined in every page that uses it, so it stays a few hundred bytes.
import type { ClientDirective } from 'astro';

const EARLY = ['pointerdown', 'keydown', 'focusin', 'click'];

const hydrateOnIntent: ClientDirective = (load, _options, island) => {
  let started = false;
  let held: HTMLElement | null = null;

  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    // From here on React's own listeners see every event: holding more would replay it twice.
    for (const type of EARLY) island.removeEventListener(type, early, true);
    await hydrate();
    if (held?.isConnected) held.click();
  };

  function early(event: Event) {
    const control = event.type === 'click' ? (event.target as Element).closest('button, label, input, select') : null;
    if (control) {
      event.preventDefault();
      held = control as HTMLElement;
    }
    void start();
  }

  for (const type of EARLY) island.addEventListener(type, early, true);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void start());
  else setTimeout(() => void start(), 200);
};

export default hydrateOnIntent;
