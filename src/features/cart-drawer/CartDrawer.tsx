// The cart drawer, a modal dialog; not a native <dialog>, whose top layer would hide its actions' toasts.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { capFor, $cart, $cartOpen, closeCart, itemCount, refreshCartFigures } from '../cart/index.ts';
import { formatCents } from '../../lib/money.ts';
import { cartTotals, lineTotal, taxLabel, type ShopRules } from '../../lib/pricing.ts';
import { clearCart, removeFromCart, setCartQuantity, takeDrawerOpener } from '../cart/actions.ts';
import { OrderLine, OrderTotals } from '../../ui/OrderSummary.tsx';
import WalletButton from '../payment/button/WalletButton.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { prerender, withdrawPrerender } from '../../browser/prerender.ts';
import { href, isShowing } from '../../lib/href.ts';
import { afterNextPaint } from '../../browser/after-paint.ts';
import { holdPageScroll } from './page-scroll.ts';

export default function CartDrawer({
  opener,
  productName,
  rules,
}: {
  opener: RefObject<HTMLElement | null>;
  productName: string;
  rules: ShopRules;
}) {
  const open = useStore($cartOpen);
  const items = useStore($cart);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) void refreshCartFigures();
  }, [open]);

  // Its Checkout link showing is the clearest intent: /checkout is prerendered.
  const hasLines = items.length > 0;
  useEffect(() => {
    if (!hasLines) withdrawPrerender('checkout');
    else if (open && !isShowing('/checkout')) prerender('checkout');
  }, [open, hasLines]);

  // Scroll and focus a frame later: both repaint or lay out the page.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    // Focus returns to the add that opened it, else what had focus, else the cart button.
    const active = document.activeElement;
    const header = opener.current;
    const returnTo =
      takeDrawerOpener() ?? (active instanceof HTMLElement && active !== document.body ? active : header);
    let releaseScroll = () => {};
    const trap: FocusTrap = createFocusTrap(panel, {
      escapeDeactivates: false,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      initialFocus: () => panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel,
      fallbackFocus: panel,
      tabbableOptions: { displayCheck: 'full-native' },
    });
    // From the first frame on, before the trap starts.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeCart();
    };
    document.addEventListener('keydown', closeOnEscape, true);
    const cancel = afterNextPaint(() => {
      // One layout, not two: before the trap's focus search.
      releaseScroll = holdPageScroll();
      trap.activate();
    });
    return () => {
      cancel();
      document.removeEventListener('keydown', closeOnEscape, true);
      trap.deactivate();
      releaseScroll();
      (returnTo?.isConnected ? returnTo : header)?.focus();
    };
  }, [open, opener]);

  if (!open) return null;
  const totals = cartTotals(items, rules);
  const count = itemCount(items);

  // Portalled: the header's blurred ancestor would become this fixed overlay's containing block.
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        className="absolute inset-0 animate-[fade-in_0.2s_ease-out] bg-slate-900/55"
        aria-hidden="true"
        data-testid="cart-backdrop"
        onClick={closeCart}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-full max-w-md animate-[slide-in_0.25s_ease-out] flex-col bg-white text-ink shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="cart-title" className="text-lg font-semibold">
            Your cart {count > 0 && <span className="text-muted">({count})</span>}
          </h2>
          <button
            type="button"
            data-autofocus
            onClick={closeCart}
            aria-label="Close cart"
            className="icon-btn h-10 w-10"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>

        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <p className="text-lg font-medium">Your cart is empty</p>
            <p className="text-sm text-muted">Add the {productName} to keep an eye on what matters.</p>
            <button type="button" onClick={closeCart} className="btn-primary h-12">
              Continue Shopping
            </button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto px-5" aria-label="Items in your cart">
              {items.map((item) => {
                const atCap = item.quantity >= capFor(item);
                const label = `${item.name}${item.variantName ? `, ${item.variantName}` : ''}`;
                return (
                  <li key={item.id} className="py-4">
                    <OrderLine
                      image={item.image}
                      name={item.name}
                      details={[item.variantName, item.size].filter(Boolean).join(' · ')}
                      amount={lineTotal(item)}
                    >
                      <p className="text-sm">
                        <span className="font-semibold">{formatCents(item.price)}</span>
                        {item.originalPrice !== undefined && item.originalPrice > item.price && (
                          <s className="ml-2 text-muted">{formatCents(item.originalPrice)}</s>
                        )}
                      </p>
                      <div className="mt-1 flex items-center justify-between gap-3">
                        <div
                          className="inline-flex items-center rounded-full border border-slate-300"
                          role="group"
                          aria-label={`Quantity of ${label}`}
                        >
                          <button
                            type="button"
                            className="h-9 w-9 rounded-full text-lg hover:bg-slate-100"
                            aria-label={`Decrease quantity of ${label}`}
                            onClick={() => setCartQuantity(item.id, item.quantity - 1)}
                          >
                            −
                          </button>
                          <span className="min-w-8 text-center text-sm font-medium tabular-nums" aria-live="polite">
                            {item.quantity}
                          </span>
                          <button
                            type="button"
                            className="h-9 w-9 rounded-full text-lg hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
                            aria-label={`Increase quantity of ${label}`}
                            disabled={atCap}
                            title={atCap ? `Maximum quantity of ${capFor(item)} reached for this item.` : undefined}
                            onClick={() => setCartQuantity(item.id, item.quantity + 1)}
                          >
                            +
                          </button>
                        </div>
                        <button
                          type="button"
                          onClick={() => removeFromCart(item.id)}
                          className="text-sm text-muted underline underline-offset-2 hover:text-sale"
                          aria-label={`Remove ${label}`}
                        >
                          Remove
                        </button>
                      </div>
                    </OrderLine>
                  </li>
                );
              })}
            </ul>
            <div className="border-t border-slate-200 bg-slate-50 px-5 py-4">
              <OrderTotals totals={totals} taxLabel={taxLabel(rules)} />
              <div className="mt-4 grid gap-2">
                <a href={href('/checkout')} className="btn-primary h-12">
                  Checkout
                </a>
                <button type="button" onClick={closeCart} className="btn-outline h-12">
                  Continue Shopping
                </button>
                <WalletButton placement="cart-drawer" eager pays="cart" rules={rules} />
                <button
                  type="button"
                  onClick={() => clearCart()}
                  className="mt-1 text-sm text-muted underline underline-offset-2 hover:text-sale"
                >
                  Clear cart
                </button>
              </div>
            </div>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
