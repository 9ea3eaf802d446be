// The product page's add: current figures first, then the cart action and ADD_TO_CART. Loaded on first use.
import { isAvailable, $liveFigures, withFigures } from '../catalog/index.ts';
import { addToCart } from '../cart/actions.ts';
import { refreshCartFigures } from '../cart/index.ts';
import { toast } from '../toasts/toasts.ts';
import type { PurchaseProduct, PurchaseVariant } from './purchase.ts';
import { trackLater } from '../../api/track-later.ts';

/** A slow backend must not hold the add: the line follows the refresh when it lands. */
const REFRESH_WAIT_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A variant that has just sold out gets a toast instead. */
export async function addSelection(
  product: PurchaseProduct,
  selected: PurchaseVariant,
  quantity: number,
  opts: { openDrawer: boolean; pressedAt: number },
): Promise<boolean> {
  await Promise.race([refreshCartFigures(), wait(REFRESH_WAIT_MS)]);
  // Stock and price as of now, not as of the last render: the refresh may just have landed.
  const fresh = withFigures(product.variants.find((v) => v.id === selected.id) ?? selected, $liveFigures.get());
  if (!isAvailable(fresh)) {
    toast({
      title: 'Sold out',
      description: `${product.name} in ${fresh.name} has just sold out.`,
      variant: 'destructive',
    });
    return false;
  }
  const ok = await addToCart(
    {
      productId: product.id,
      variantId: fresh.id,
      name: product.name,
      price: fresh.price,
      ...(fresh.regularPrice !== undefined ? { originalPrice: fresh.regularPrice } : {}),
      ...(fresh.image ? { image: fresh.image } : {}),
      variantName: fresh.name,
      size: 'One Size',
      maxQuantity: fresh.stock,
    },
    quantity,
    { openDrawer: opts.openDrawer, pressedAt: opts.pressedAt },
  );
  if (ok) trackLater('ADD_TO_CART', product.id, fresh.price * quantity);
  return ok;
}
