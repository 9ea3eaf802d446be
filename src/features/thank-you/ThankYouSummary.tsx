// The paid order's lines and totals; the total is the order total (before tax) plus its tax (invoice.ts).
import { chargeDiffers, type Receipt } from './invoice.ts';
import { OrderLine, OrderTotals } from '../../ui/OrderSummary.tsx';
import { href } from '../../lib/href.ts';

export default function ThankYouSummary({ receipt }: { receipt: Receipt }) {
  const differs = chargeDiffers(receipt);
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
          <li key={i} className="py-4">
            <OrderLine image={line.image} name={line.name} details={line.variantName} amount={line.lineTotal}>
              <p className="text-sm text-muted">Qty {line.quantity}</p>
            </OrderLine>
          </li>
        ))}
      </ul>
      <OrderTotals totals={receipt} taxLabel={receipt.taxLabel} className="mt-2 border-t border-slate-200 pt-4" />
      {differs && (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="charge-differs">
          {differs}{' '}
          <a href={href('/support')} className="font-medium underline underline-offset-2">
            Contact support
          </a>
        </p>
      )}
    </section>
  );
}
