// What every page runs once its cart button has hydrated (a plain function, no React root of its own): when this
// browser holds an approved payment that is not confirmed yet (closed tab, reload, lost answer), the payment
// banner's code loads and resumes the same capture. Looking costs a read of storage; the banner loads only then.
// Not a page script: a module script holds up the page's load event, and two more requests come with it.
import { whenShown } from '../../browser/activation.ts';
import { hasPendingPayment, onPendingChange } from './pending-signal.ts';

/** Watches for a pending payment; `loadBanner` brings the banner's code (banner-root.tsx) and shows it. */
let started = false;

export function recoverPendingPayment(loadBanner: () => Promise<{ mount: () => void }>): void {
  if (started) return;
  started = true;
  const show = (): void => {
    loadBanner().then(
      (banner) => banner.mount(),
      (error: unknown) => {
        console.error('Could not load the payment banner; trying again once the connection is back.', error);
        window.addEventListener('online', show, { once: true });
      },
    );
  };
  // A prerendered page (the confirmation made while the buyer approves) must not resume the capture that the
  // approving page is sending: it looks once it is shown.
  whenShown(() => {
    const check = () => {
      if (!hasPendingPayment()) return;
      stopFollowing();
      show();
    };
    const stopFollowing = onPendingChange(check);
    check();
  });
}
