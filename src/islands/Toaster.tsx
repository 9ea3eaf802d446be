// Toasts (SPEC §8 cart messages). A polite live region for ordinary toasts and an assertive one for
// destructive ones, so screen readers announce them without moving focus.
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';

function Item({ t }: { t: Toast }) {
  const destructive = t.variant === 'destructive';
  return (
    <li
      data-variant={t.variant}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg ${
        destructive ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-ink'
      }`}
    >
      <div className="flex-1">
        <p className="font-semibold">{t.title}</p>
        {t.description && <p className="mt-0.5 text-sm opacity-90">{t.description}</p>}
      </div>
      <button type="button" onClick={() => dismissToast(t.id)} aria-label="Dismiss notification" className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100">
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

export default function Toaster() {
  const toasts = useStore($toasts);
  const regular = toasts.filter((t) => t.variant !== 'destructive');
  const urgent = toasts.filter((t) => t.variant === 'destructive');
  const list = 'pointer-events-none fixed inset-x-0 bottom-4 z-[60] mx-auto flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2 sm:right-4 sm:left-auto sm:mx-0';
  return (
    <>
      <ol aria-live="polite" aria-label="Notifications" className={list}>
        {regular.map((t) => <Item key={t.id} t={t} />)}
      </ol>
      <ol role="alert" aria-live="assertive" aria-label="Alerts" className={`${list} bottom-24`}>
        {urgent.map((t) => <Item key={t.id} t={t} />)}
      </ol>
    </>
  );
}
