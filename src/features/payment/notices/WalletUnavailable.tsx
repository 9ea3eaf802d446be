// In a wallet button's box when it cannot be offered: why, and Try again if that may help.

export type Notice = { text: string; onRetry?: () => void };

export function WalletUnavailable({ text, onRetry }: Notice) {
  return (
    <div
      role="alert"
      className="flex h-12 items-center justify-center gap-3 rounded-full border border-amber-200 bg-amber-50 px-4 text-sm text-ink"
    >
      <span>{text}</span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="shrink-0 rounded-full px-2 py-1 font-semibold underline underline-offset-2 hover:bg-amber-100"
        >
          Try again
        </button>
      )}
    </div>
  );
}
