// The box every wallet message is drawn in, under a button or in the banner.
import type { ReactNode } from 'react';
import { CloseIcon } from '../../../ui/icons.tsx';

export type NoticeBoxTone = 'create-failed' | 'payment-failed' | 'info' | 'progress' | 'unconfirmed';

const BOX: Record<NoticeBoxTone, string> = {
  'create-failed': 'border-blue-200 bg-blue-50 text-ink',
  'payment-failed': 'border-red-200 bg-red-50 text-ink',
  unconfirmed: 'border-amber-300 bg-amber-50 text-ink',
  info: 'border-slate-200 bg-slate-50 text-ink',
  progress: 'border-brand-100 bg-brand-50 text-brand-800',
};

/** Failures and an unconfirmed payment are announced at once (role=alert); progress and notes politely. */
const isUrgent = (tone: NoticeBoxTone) => tone !== 'info' && tone !== 'progress';

/** Both always mounted, so additions are announced; `box` goes in the assertive one when urgent. */
export function NoticeRegions({ tone, box }: { tone: NoticeBoxTone | undefined; box: ReactNode }) {
  const urgent = tone !== undefined && isUrgent(tone);
  return (
    <>
      <div role="alert">{urgent ? box : null}</div>
      <div role="status">{urgent ? null : box}</div>
    </>
  );
}

export function NoticeBox({
  tone,
  title,
  detail,
  onDismiss,
  children,
}: {
  tone: NoticeBoxTone;
  title: string;
  detail?: string | undefined;
  onDismiss?: (() => void) | undefined;
  children?: ReactNode;
}) {
  return (
    <div
      className={`mt-3 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${BOX[tone]}`}
      data-wallet-notice={tone}
    >
      {tone === 'progress' && (
        <span
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600"
          aria-hidden="true"
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="break-words">
          <strong className="font-semibold">{title}</strong>
          {detail && <> {detail}</>}
        </p>
        {children}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 shrink-0 rounded-full p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss message"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
