// What a wallet button says under itself: the 'Could not initiate PayPal Checkout...' message in a blue
// notice box, 'Sorry, your transaction could not be processed...' in a red one, and progress or cancel notes.
// Both live regions exist from the moment the button is shown, so screen readers announce what is added.
import { useStore } from '@nanostores/react';
import { $walletNotice, clearNotice, type NoticeTone } from './attempt.ts';

const BOX: Record<NoticeTone, string> = {
  'create-failed': 'border-blue-200 bg-blue-50 text-ink',
  'payment-failed': 'border-red-200 bg-red-50 text-ink',
  info: 'border-slate-200 bg-slate-50 text-ink',
  progress: 'border-brand-100 bg-brand-50 text-brand-800',
};

export default function WalletButtonNotice({ owner }: { owner: string }) {
  const notice = useStore($walletNotice);
  const mine = notice?.owner === owner ? notice : null;
  const isError = mine?.tone === 'create-failed' || mine?.tone === 'payment-failed';
  const box = mine && (
    <div
      className={`mt-3 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${BOX[mine.tone]}`}
      data-wallet-notice={mine.tone}
    >
      {mine.tone === 'progress' && (
        <span
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600"
          aria-hidden="true"
        />
      )}
      <p className="min-w-0 flex-1 break-words">
        <strong className="font-semibold">{mine.title}</strong>
        {mine.detail && <> {mine.detail}</>}
      </p>
      {mine.tone !== 'progress' && (
        <button
          type="button"
          onClick={() => clearNotice(owner)}
          className="-m-1 shrink-0 rounded-full p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss message"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
  return (
    <>
      <div role="alert">{isError ? box : null}</div>
      <div role="status">{isError ? null : box}</div>
    </>
  );
}
