// The paid order's lines and totals; the total is the order total (before tax) × 1.08 (invoice.ts).
import type { Receipt } from './invoice.ts';
import { TotalsList } from '../cart/CartSummary.tsx';
import { formatCents } from '../../lib/money.ts';

export default function ThankYouSummary({ receipt }: { receipt: Receipt }) {
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="mt-2 divide-y divide-slate-200" aria-label="Items in this order">
        {receipt.lines.map((line, i) => (
          <li key={i} className="flex gap-4 py-4">
            {line.image ? (
              <img
                src={line.image}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded-xl border border-slate-200 bg-white object-cover"
              />
            ) : (
              <div className="h-16 w-16 shrink-0 rounded-xl border border-slate-200 bg-white" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-balance">{line.name}</p>
              {line.variant && <p className="mt-0.5 text-sm text-muted">{line.variant}</p>}
              <p className="mt-0.5 text-sm text-muted">Qty {line.quantity}</p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{formatCents(line.total)}</p>
          </li>
        ))}
      </ul>
      <TotalsList totals={receipt} className="mt-2 space-y-1.5 border-t border-slate-200 pt-4 text-sm" />
    </section>
  );
}
