// A wallet button's stand-in while its code or SDK loads: the first-load part of every wallet button.
/** Same box as the drawn button (48 px pill), so nothing moves when the button replaces it. */
export function WalletPlaceholder({ name, loading }: { name: string; loading: boolean }) {
  return (
    <div
      className="flex h-12 items-center justify-center gap-2 rounded-full bg-slate-100 text-sm font-semibold text-slate-600"
      data-wallet-status={loading ? 'pending' : 'initial'}
    >
      {loading && (
        <span
          className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600"
          aria-hidden="true"
        />
      )}
      <span role={loading ? 'status' : undefined}>{loading ? `Loading ${name}…` : name}</span>
    </div>
  );
}
