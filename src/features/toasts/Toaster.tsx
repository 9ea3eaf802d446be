// Toasts, rendered into two live regions in the static HTML from the start (polite, and assertive for destructive
// ones): screen readers announce them though this code loads only with the first toast.
import { createPortal } from 'react-dom';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, attachToaster, dismissToast, type Toast } from './toasts.ts';
import { CloseIcon } from '../../ui/icons.tsx';

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
      <button
        type="button"
        onClick={() => dismissToast(t.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <CloseIcon />
      </button>
    </li>
  );
}

export default function Toaster() {
  const toasts = useStore($toasts);
  useEffect(attachToaster, []);
  const polite = document.getElementById('toasts-polite');
  const urgent = document.getElementById('toasts-urgent');
  if (!polite || !urgent) return null;
  return (
    <>
      {createPortal(
        toasts.filter((t) => t.variant !== 'destructive').map((t) => <Item key={t.id} t={t} />),
        polite,
      )}
      {createPortal(
        toasts.filter((t) => t.variant === 'destructive').map((t) => <Item key={t.id} t={t} />),
        urgent,
      )}
    </>
  );
}
