// `client:intent`: hydrate when idle or at the first touch, key or focus inside the island. A tap on a control before
// the code arrives is held and replayed once React has taken over; links are the browser's. Inlined in every page.
import type { ClientDirective } from 'astro';

const EARLY = ['pointerdown', 'keydown', 'focusin', 'click'];
const IDLE_WAIT_MS = 2000;

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
  // A browser may give a page no idle time at all.
  if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: IDLE_WAIT_MS });
  else setTimeout(() => void start(), 200);
};

export default hydrateOnIntent;
