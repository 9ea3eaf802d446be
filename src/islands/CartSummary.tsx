// Subtotal, shipping, tax and total lines, shared by the cart drawer and the checkout page.
import { formatCents } from '../lib/money.ts';
import type { Totals } from '../lib/pricing.ts';

export default function CartSummary({ totals }: { totals: Totals }) {
  return (
    <div>
      {totals.toFreeShipping > 0 && (
        <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          Add {formatCents(totals.toFreeShipping)} more for free shipping!
        </p>
      )}
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums">{formatCents(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd className="tabular-nums">{totals.shipping === 0 ? 'Free' : formatCents(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Tax (8%)</dt>
          <dd className="tabular-nums">{formatCents(totals.tax)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatCents(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
