// The header's cart button and badge; the drawer's code loads when the cart first opens.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { badgeText, $cart, $cartLoading, $cartOpen, itemCount, openCart } from '../cart/index.ts';
import { $toasts } from '../toasts/index.ts';
import { once, useLazy } from '../../ui/use-lazy.ts';
import { CartIcon } from '../../ui/icons.tsx';
import type { ShopRules } from '../../lib/pricing.ts';
import { recoverPendingPayment } from '../payment/index.ts';

const loadDrawer = once(() => import('./CartDrawer.tsx'));
const loadToaster = once(() => import('../toasts/Toaster.tsx'));
const loadBanner = () => import('../payment/banner-root.tsx');

/** `productName`: as the empty drawer names it. */
export default function CartButton({ productName, rules }: { productName: string; rules: ShopRules }) {
  const items = useStore($cart, { ssr: 'initial' });
  const open = useStore($cartOpen, { ssr: 'initial' });
  const hasToasts = useStore($toasts, { ssr: 'initial' }).length > 0;
  const [CartDrawer] = useLazy(loadDrawer, open);
  // The drawer's actions raise toasts: the toaster comes along with it.
  const [Toaster] = useLazy(loadToaster, hasToasts || open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // An add opens the drawer about a second later: fetch its code meanwhile.
  useEffect(() => $cartLoading.listen((loading) => loading && void loadDrawer()), []);
  useEffect(() => recoverPendingPayment(loadBanner), []);
  const count = itemCount(items);
  const prefetch = () => void loadDrawer();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={openCart}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        className="relative icon-btn h-11 w-11 text-ink"
      >
        <CartIcon className="h-6 w-6" />
        {count > 0 && (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-[11px] leading-5 font-bold text-white"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {CartDrawer && <CartDrawer opener={buttonRef} productName={productName} rules={rules} />}
      {Toaster && <Toaster />}
    </>
  );
}
