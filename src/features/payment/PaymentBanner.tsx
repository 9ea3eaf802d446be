// Resumes a pending capture once, however old the approval, and shows its state unless its wallet button does.
// Fixed above the sticky bar, under the cart drawer.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $attempt } from './attempt/state.ts';
import { rereadPending } from './record/store.ts';
import { watchOtherTabs } from './record/lock.ts';
import { $capture, $captureShownBy, resumePayment } from './settle/confirm.ts';
import { CaptureStatus, useCaptureMessage } from './notices/CaptureStatus.tsx';
import { NoticeRegions } from './notices/NoticeBox.tsx';

let resumed = false;

export default function PaymentBanner() {
  const message = useCaptureMessage();
  const shownByButton = useStore($captureShownBy) !== null;

  useEffect(() => {
    watchOtherTabs();
    if (resumed) return;
    resumed = true;
    // This page's own approval is being confirmed already.
    if (!rereadPending() || $attempt.get() || $capture.get().phase !== 'idle') return;
    void resumePayment();
  }, []);

  const box =
    message && !shownByButton ? (
      <div className="rounded-xl bg-white shadow-lg [&>div]:mt-0">
        <CaptureStatus message={message} />
      </div>
    ) : null;
  return (
    <div
      data-payment-banner
      className="fixed inset-x-0 bottom-4 z-[45] mx-auto w-[min(32rem,calc(100%-2rem))] sm:right-4 sm:left-auto sm:mx-0"
    >
      <NoticeRegions tone={message?.tone} box={box} />
    </div>
  );
}
