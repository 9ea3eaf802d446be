// What a wallet button says under itself: failures, notes, its payment's confirmation, or why it is paused.
import { useStore } from '@nanostores/react';
import { $walletNotice, dismissNotice } from '../attempt/state.ts';
import type { WalletPause } from '../attempt/attempt.ts';
import { $captureShownBy } from '../settle/confirm.ts';
import { CaptureStatus, useCaptureMessage } from './CaptureStatus.tsx';
import { NoticeRegions, NoticeBox } from './NoticeBox.tsx';

const PAUSED: Record<NonNullable<WalletPause>, string> = {
  pending: 'Paused: your approved payment for this cart is being confirmed.',
  'pending-choice': 'Paused: your approved payment is being confirmed.',
  elsewhere: 'Paused: a payment is in progress in another tab.',
  here: 'Paused: finish or cancel the payment started with another button on this page.',
};

export default function WalletButtonNotice({ owner, pause }: { owner: string; pause: WalletPause }) {
  const notice = useStore($walletNotice);
  const capture = useCaptureMessage();
  const showsCapture = useStore($captureShownBy) === owner && capture !== null;
  const mine = notice?.owner === owner ? notice : null;

  const tone = showsCapture ? capture.tone : mine?.tone;
  let box = null;
  if (showsCapture) box = <CaptureStatus message={capture} />;
  else if (mine) {
    box = (
      <NoticeBox
        tone={mine.tone}
        title={mine.title}
        detail={mine.detail}
        onDismiss={mine.tone === 'progress' ? undefined : () => dismissNotice(owner)}
      />
    );
  }
  return (
    <>
      {pause && !showsCapture && (
        <p className="mt-2 text-center text-sm text-muted" data-wallet-paused={pause}>
          {PAUSED[pause]}
        </p>
      )}
      <NoticeRegions tone={tone} box={box} />
    </>
  );
}
