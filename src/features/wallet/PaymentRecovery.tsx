// The page's payment banner, on every page: when this browser holds an approved payment that is not confirmed
// yet (closed tab, reload, lost answer), it resumes the same capture and says how it goes. At first load it costs
// a look into storage; the banner's code loads only when there is a pending payment.
import { useEffect, useState } from 'react';
import { hasPendingPayment, onPendingChange } from './pending-signal.ts';
import { once, useLazy } from '../../ui/use-lazy.ts';

const loadBanner = once(() => import('./PaymentBanner.tsx'));

export default function PaymentRecovery() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const check = () => hasPendingPayment() && setWanted(true);
    check();
    return onPendingChange(check);
  }, [wanted]);
  const [Banner] = useLazy(loadBanner, wanted);
  return Banner ? <Banner /> : null;
}
