// What the variant picker and the sticky bar share: the selected variant with current stock and price,
// and the Add to Cart / Buy Now actions with their states (SPEC §4, §5).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { cartItemId } from '../../lib/cart.ts';
import type { ViewVariant } from '../../lib/product.ts';
import { isAvailable } from '../../lib/variants.ts';
import { $cart } from '../../stores/cart.ts';
import { $liveVariants, ensureFreshProduct, type LiveVariant } from '../../stores/live.ts';
import { $quantity, $variantId } from '../../stores/selection.ts';
import { toast } from '../../stores/toasts.ts';

export interface PurchaseVariant extends Omit<ViewVariant, 'images'> {
  /** Small picture for the cart line. */
  image?: string;
}

export interface PurchaseProduct {
  id: string;
  name: string;
  variants: PurchaseVariant[];
  /** The build-time default choice (cheapest available, else cheapest). */
  defaultVariantId?: string;
}

/** A variant with the current figures from the run-time refresh, when there are any. */
export function withLive(v: PurchaseVariant, live: Record<string, LiveVariant>): PurchaseVariant {
  const l = live[v.id];
  if (!l) return v;
  const { regularPrice: _built, ...rest } = v;
  return { ...rest, price: l.price, stock: l.stock, ...(l.regularPrice !== undefined ? { regularPrice: l.regularPrice } : {}) };
}

export type AddLabel = 'Add to Cart' | 'Adding...' | 'Added to Cart';

export function usePurchase(product: PurchaseProduct) {
  const live = useStore($liveVariants, { ssr: 'initial' });
  const selectedId = useStore($variantId, { ssr: 'initial' }) ?? product.defaultVariantId;
  const quantity = useStore($quantity, { ssr: 'initial' });
  const items = useStore($cart, { ssr: 'initial' });
  const [adding, setAdding] = useState(false);

  const variants = product.variants.map((v) => withLive(v, live));
  const selected = variants.find((v) => v.id === selectedId);
  // Not `&& !adding`: the buttons stay enabled (aria-disabled) while adding, so keyboard focus stays on them;
  // add() refuses a second add meanwhile.
  const canBuy = !!selected && isAvailable(selected);
  const inCart = !!selected && items.some((i) => i.id === cartItemId({ productId: product.id, variantId: selected.id, name: product.name }));
  const label: AddLabel = adding ? 'Adding...' : inCart ? 'Added to Cart' : 'Add to Cart';

  async function add(opts: { openDrawer: boolean }): Promise<boolean> {
    if (!selected || !isAvailable(selected) || adding) return false;
    setAdding(true);
    try {
      await ensureFreshProduct();
      // Stock and price as of now, not as of the last render: the refresh may just have landed.
      const fresh = withLive(product.variants.find((v) => v.id === selected.id) ?? selected, $liveVariants.get());
      if (!isAvailable(fresh)) {
        toast({ title: 'Sold out', description: `${product.name} in ${fresh.name} has just sold out.`, variant: 'destructive' });
        return false;
      }
      const { addToCart } = await import('../../stores/cart-actions.ts');
      const ok = await addToCart(
        {
          productId: product.id,
          variantId: fresh.id,
          name: product.name,
          price: fresh.price,
          ...(fresh.regularPrice !== undefined ? { originalPrice: fresh.regularPrice } : {}),
          ...(fresh.image ? { image: fresh.image } : {}),
          color: fresh.name,
          size: 'One Size',
          maxQuantity: fresh.stock,
        },
        quantity,
        { openDrawer: opts.openDrawer },
      );
      if (ok) {
        const value = Math.round(fresh.price * quantity * 100) / 100;
        void import('../../stores/analytics.ts').then(({ track }) => track('ADD_TO_CART', product.id, value));
      }
      return ok;
    } finally {
      setAdding(false);
    }
  }

  return {
    variants,
    selected,
    quantity,
    adding,
    canBuy,
    label,
    selectVariant: (id: string) => $variantId.set(id),
    addToCart: () => add({ openDrawer: true }),
    buyNow: async () => {
      if (await add({ openDrawer: false })) window.location.assign('/checkout');
    },
  };
}
