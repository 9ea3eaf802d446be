// Subtotal, shipping, tax and total lines, shared by the cart drawer, the checkout page and the thank-you page.
import { formatCents } from '../../lib/money.ts';
import { TAX_LABEL, type Totals } from '../../lib/pricing.ts';

export function TotalsList({
  totals,
  className = 'space-y-1.5 text-sm',
}: {
  totals: Pick<Totals, 'subtotal' | 'shipping' | 'tax' | 'total'>;
  className?: string;
}) {
  const rows: [string, string][] = [
    ['Subtotal', formatCents(totals.subtotal)],
    ['Shipping', totals.shipping === 0 ? 'Free' : formatCents(totals.shipping)],
    [TAX_LABEL, formatCents(totals.tax)],
  ];
  return (
    <dl className={className}>
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
  );
}

export default function CartSummary({ totals }: { totals: Totals }) {
  return (
    <div>
      {totals.toFreeShipping > 0 && (
        <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          Add {formatCents(totals.toFreeShipping)} more for free shipping!
        </p>
      )}
      <TotalsList totals={totals} />
    </div>
  );
}
