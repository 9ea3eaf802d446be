// An order's lines and totals, one look for the drawer, checkout and the thank-you page.
import type { ReactNode } from 'react';
import { formatCents, type Cents } from '../lib/money.ts';
import type { Totals } from '../lib/pricing.ts';

/** `badge` is drawn on the picture's corner. */
export function OrderLine({
  image,
  name,
  details,
  amount,
  badge,
  children,
}: {
  image?: string | undefined;
  name: string;
  details?: ReactNode;
  amount: Cents;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  const frame = 'h-16 w-16 rounded-xl border border-slate-200 bg-white';
  return (
    <div className="flex gap-4">
      <div className="relative shrink-0">
        {image ? (
          <img src={image} alt="" width={64} height={64} className={`${frame} object-cover`} />
        ) : (
          <div className={frame} aria-hidden="true" />
        )}
        {badge !== undefined && (
          <span
            className="absolute -top-2 -right-2 min-w-6 rounded-full bg-slate-700 px-1.5 text-center text-xs leading-6 font-semibold text-white"
            aria-hidden="true"
          >
            {badge}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="line-clamp-2 font-medium text-balance">{name}</p>
        {details && <p className="text-sm text-muted">{details}</p>}
        {children}
      </div>
      <p className="shrink-0 font-semibold tabular-nums">{formatCents(amount)}</p>
    </div>
  );
}

/** `toFreeShipping`: what is missing for free shipping (a paid order has none). */
export function OrderTotals({
  totals,
  taxLabel,
  className = '',
}: {
  /** A receipt may lack shipping and tax apart. */
  totals: Pick<Totals, 'subtotal' | 'total'> & Partial<Pick<Totals, 'shipping' | 'tax' | 'toFreeShipping'>>;
  taxLabel: string;
  className?: string;
}) {
  const rows: [string, string][] = [['Subtotal', formatCents(totals.subtotal)]];
  if (totals.shipping !== undefined)
    rows.push(['Shipping', totals.shipping === 0 ? 'Free' : formatCents(totals.shipping)]);
  if (totals.tax !== undefined) rows.push([taxLabel, formatCents(totals.tax)]);
  return (
    <div className={className}>
      {totals.toFreeShipping !== undefined && totals.toFreeShipping > 0 && (
        <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          Add {formatCents(totals.toFreeShipping)} more for free shipping!
        </p>
      )}
      <dl className="space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatCents(totals.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
