// Run by every page's cart button once hydrated (not a module script, which would hold up load): an approved
// payment not yet confirmed brings the banner, which resumes the same capture.
import { whenShown } from '../../../browser/activation.ts';
import { logLoadFailure } from '../../../browser/leaving.ts';
import { hasPendingPayment, onPendingChange } from './signal.ts';

let started = false;

/** `loadBanner` brings the banner's code (../banner-root.tsx) and shows it. */
export function recoverPendingPayment(loadBanner: () => Promise<{ mount: () => void }>): void {
  if (started) return;
  started = true;
  const show = (): void => {
    loadBanner().then(
      (banner) => banner.mount(),
      (error: unknown) => {
        logLoadFailure('Could not load the payment banner; trying again once the connection is back.', error);
        window.addEventListener('online', show, { once: true });
      },
    );
  };
  // A prerendered confirmation must not resume the capture its approving page is sending.
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
