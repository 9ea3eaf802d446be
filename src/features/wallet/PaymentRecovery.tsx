// The page's payment banner, on every page: when this browser holds an approved payment that is not confirmed
// yet (closed tab, reload, lost answer), it resumes the same capture and says how it goes. At first load it costs
// a look into storage; the banner's code loads only when there is a pending payment.
import { useEffect, useState } from 'react';
import { hasPendingPayment, onPendingChange } from './pending-signal.ts';
import { once, useLazy } from '../../ui/use-lazy.ts';
import { whenShown } from '../../browser/activation.ts';

const loadBanner = once(() => import('./PaymentBanner.tsx'));

export default function PaymentRecovery() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const check = () => hasPendingPayment() && setWanted(true);
    // A prerendered page (the confirmation made while the buyer approves) must not resume the capture that the
    // approving page is sending: it looks once it is shown.
    let stopFollowing = () => {};
    const stopWaiting = whenShown(() => {
      check();
      stopFollowing = onPendingChange(check);
    });
    return () => {
      stopWaiting();
      stopFollowing();
    };
  }, [wanted]);
  const [Banner] = useLazy(loadBanner, wanted);
  return Banner ? <Banner /> : null;
}
