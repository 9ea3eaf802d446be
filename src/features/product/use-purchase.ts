// What the picker and the sticky bar share: the variant at current figures, Add to Cart and Buy Now.
import { prerender } from '../../browser/prerender.ts';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, cartItemId } from '../cart/index.ts';
import { $liveFigures, isAvailable, withFigures } from '../catalog/index.ts';
import type { PurchaseProduct, PurchaseVariant } from './purchase.ts';
import { $quantity, $variantId } from './store.ts';
import { href } from '../../lib/href.ts';

type AddLabel = 'Add to Cart' | 'Adding...' | 'Added to Cart';
export type Purchase = ReturnType<typeof usePurchase>;

const followFigures = (changed: () => void) => $liveFigures.listen(changed);
const figuresKey = (variants: readonly PurchaseVariant[]) =>
  variants.map((v) => `${v.price}/${v.regularPrice ?? ''}/${v.stock}`).join(' ');

/** At current figures; the same array while none changes. */
function useCurrentVariants(variants: PurchaseVariant[]): PurchaseVariant[] {
  const last = useRef({ key: figuresKey(variants), value: variants });
  const current = () => {
    const value = variants.map((v) => withFigures(v, $liveFigures.get()));
    const key = figuresKey(value);
    if (key !== last.current.key) last.current = { key, value };
    return last.current.value;
  };
  return useSyncExternalStore(followFigures, current, () => variants);
}

export function usePurchase(product: PurchaseProduct) {
  const variants = useCurrentVariants(product.variants);
  const selectedId = useStore($variantId, { ssr: 'initial' }) ?? product.defaultVariantId;
  const quantity = useStore($quantity, { ssr: 'initial' });
  const items = useStore($cart, { ssr: 'initial' });
  const [adding, setAdding] = useState(false);

  const selected = variants.find((v) => v.id === selectedId);
  // Not `&& !adding`: the buttons stay enabled while adding, keeping focus; add() refuses a second add.
  const canBuy = !!selected && isAvailable(selected);
  const inCart =
    !!selected &&
    items.some((i) => i.id === cartItemId({ productId: product.id, variantId: selected.id, name: product.name }));
  const label: AddLabel = adding ? 'Adding...' : inCart ? 'Added to Cart' : 'Add to Cart';

  async function add(opts: { openDrawer: boolean }): Promise<boolean> {
    // The stores: a tap may come before the render of the link's choice.
    const id = $variantId.get() ?? product.defaultVariantId;
    const chosen = product.variants.find((v) => v.id === id);
    const current = chosen && withFigures(chosen, $liveFigures.get());
    if (!current || !isAvailable(current) || adding) return false;
    const pressedAt = performance.now();
    setAdding(true);
    try {
      const { addSelection } = await import('./add-selection.ts');
      return await addSelection(product, current, $quantity.get(), { ...opts, pressedAt });
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
      // Prerendered while the add runs (at least 800 ms): /checkout reads the cart again when it is shown.
      prerender('checkout');
      if (await add({ openDrawer: false })) window.location.assign(href('/checkout'));
    },
  };
}
