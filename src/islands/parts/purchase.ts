// What the variant picker and the sticky bar share: the selected variant with current stock and price,
// and the Add to Cart / Buy Now actions with their states (SPEC §4, §5).
// What an add does is in add-selection.ts, loaded on use.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { cartItemId } from '../../lib/cart.ts';
import type { ViewVariant } from '../../lib/product.ts';
import { isAvailable } from '../../lib/variants.ts';
import { $cart } from '../../stores/cart.ts';
import { $liveVariants, type LiveVariant } from '../../stores/live.ts';
import { $quantity, $variantId } from '../../stores/selection.ts';

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
      const { addSelection } = await import('./add-selection.ts');
      return await addSelection(product, selected, quantity, opts);
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
