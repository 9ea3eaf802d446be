// /checkout's order summary: the first cart item, the discount code field, and the totals the wallet charges
// (docs/requirements.md#checkout). The wallet pays for the whole cart: other items are named and counted.
import { useState } from 'react';
import { type CartItem, openCart } from '../../cart/index.ts';
import { formatCents } from '../../../lib/money.ts';
import { cartTotals, lineTotal, taxLabel, type ShopRules } from '../../../lib/pricing.ts';
import { OrderLine, OrderTotals } from '../../../ui/OrderSummary.tsx';

const DISCOUNT_APPLIED = 'Discount applied!';

export default function CheckoutSummary({ items, rules }: { items: readonly CartItem[]; rules: ShopRules }) {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState(false);
  const first = items[0];
  if (!first) return null;
  const others = items.slice(1).reduce((n, i) => n + i.quantity, 0);

  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id="summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      <div className="mt-4">
        <OrderLine
          image={first.image}
          name={first.name}
          badge={first.quantity}
          amount={lineTotal(first)}
          details={
            <>
              {[first.variantName, first.size].filter(Boolean).join(' · ')}
              <span className="sr-only">, quantity {first.quantity}</span>
            </>
          }
        >
          <p className="text-sm text-muted">
            {first.quantity} × {formatCents(first.price)}
          </p>
        </OrderLine>
      </div>
      {others > 0 && (
        <p className="mt-3 text-sm text-muted">
          + {others} more {others === 1 ? 'item' : 'items'} from your cart.{' '}
          <button
            type="button"
            onClick={openCart}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            View cart
          </button>
        </p>
      )}

      <form
        className="mt-5 border-t border-slate-200 pt-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() && !applied) setApplied(true);
        }}
      >
        <label htmlFor="discount-code" className="text-sm font-medium">
          Discount code
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id="discount-code"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            readOnly={applied}
            aria-describedby="discount-status"
            className="h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 text-base uppercase placeholder:text-slate-500 placeholder:normal-case read-only:bg-slate-100"
            placeholder="Enter code"
          />
          <button type="submit" disabled={!code.trim() || applied} className="btn-dark h-11 px-5">
            Apply
          </button>
        </div>
        <p id="discount-status" role="status" className="mt-2 text-sm font-medium text-emerald-700 empty:mt-0">
          {applied ? DISCOUNT_APPLIED : ''}
        </p>
      </form>

      <div className="mt-5 border-t border-slate-200 pt-5">
        <OrderTotals totals={cartTotals(items, rules)} taxLabel={taxLabel(rules)} />
      </div>
    </section>
  );
}
