// How an approved payment's confirmation goes, with Try again, or setting it aside only after a warning.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $capture, abandonPending, dismissCapture, retryCapture } from '../settle/confirm.ts';
import { captureMessage, type CaptureMessage } from './messages.ts';
import { $pending } from '../record/store.ts';
import { NoticeBox } from './NoticeBox.tsx';
import { href } from '../../../lib/href.ts';

export function useCaptureMessage(): CaptureMessage | null {
  // An approval expires after hours: the time the component was shown is recent enough.
  const [now] = useState(Date.now);
  return captureMessage(useStore($capture), useStore($pending), now);
}

const ACTION = 'rounded-full px-3 py-1.5 font-semibold';
const PRIMARY = `${ACTION} bg-ink text-white hover:bg-slate-700`;
const SECONDARY = `${ACTION} underline underline-offset-2 hover:bg-black/5`;

export function CaptureStatus({ message }: { message: CaptureMessage }) {
  const [confirming, setConfirming] = useState(false);
  // The button pressed goes away with each step: focus moves to the safe choice, and back when it is taken.
  const keepWaiting = useRef<HTMLButtonElement>(null);
  const payAgain = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (confirming) keepWaiting.current?.focus();
    else if (asked) payAgain.current?.focus();
  }, [confirming, asked]);
  const { actions, orderId, wallet } = message;
  const dismiss = actions.includes('dismiss') ? dismissCapture : undefined;

  return (
    <NoticeBox tone={message.tone} title={message.title} detail={message.detail} onDismiss={dismiss}>
      {confirming ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-white p-3">
          <p>
            <strong className="font-semibold">This payment may already have gone through.</strong> If you pay again, you
            could be charged twice: check your {wallet} account for order {orderId} first.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={PRIMARY} onClick={() => abandonPending(orderId)}>
              Set it aside and pay again
            </button>
            <button ref={keepWaiting} type="button" className={SECONDARY} onClick={() => setConfirming(false)}>
              Keep waiting for it
            </button>
          </div>
        </div>
      ) : (
        actions.some((a) => a !== 'dismiss') && (
          <div className="mt-3 flex flex-wrap gap-2">
            {actions.includes('retry') && (
              <button type="button" className={PRIMARY} onClick={retryCapture}>
                Try again
              </button>
            )}
            {actions.includes('support') && (
              <a href={href('/support#contact')} className={SECONDARY}>
                Contact support
              </a>
            )}
            {actions.includes('abandon') && (
              <button
                ref={payAgain}
                type="button"
                className={SECONDARY}
                onClick={() => {
                  setAsked(true);
                  setConfirming(true);
                }}
              >
                Pay with a new order instead…
              </button>
            )}
          </div>
        )
      )}
    </NoticeBox>
  );
}
