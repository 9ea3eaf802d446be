// What a wallet button pays: the cart or the product page's choice, as lines.
import type { Cents } from '../../../lib/money.ts';
import { lineTotal } from '../../../lib/pricing.ts';
import type { CartItem } from '../../cart/index.ts';
import type { Product, Variant } from '../../catalog/index.ts';

/** A cart line (with its `id`), or the product page's choice. */
export type PayableLine = Pick<CartItem, 'productId' | 'quantity' | 'price'> &
  Partial<Pick<CartItem, 'id' | 'variantId' | 'name' | 'variantName' | 'image'>>;

export interface Choice {
  product: Pick<Product, 'id' | 'name'>;
  variant: Pick<Variant, 'id' | 'name' | 'price'> & { image?: string | undefined };
  quantity: number;
}

/** The cart, or (on the product page) the choice shown above the button, or nothing yet. */
export type Pays = 'cart' | Choice | undefined;

export function payableLines(cart: readonly PayableLine[], pays: Pays): PayableLine[] {
  if (pays === 'cart') return [...cart];
  if (!pays) return [];
  const { product, variant, quantity } = pays;
  return [
    {
      productId: product.id,
      variantId: variant.id,
      quantity,
      price: variant.price,
      name: product.name,
      variantName: variant.name,
      image: variant.image,
    },
  ];
}

/**
 * The cart lines an order paid for, each answered item matched to the one line it was made from (product and
 * variant); a choice takes nothing off the cart.
 */
export function paidCartLines(order: Record<string, unknown>, lines: readonly PayableLine[]): PayableLine[] {
  const items = Array.isArray(order['items']) ? (order['items'] as unknown[]) : [];
  const answered = items.flatMap((item) => {
    const { productId, variantId, quantity } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    return typeof variantId === 'string' && Number.isInteger(quantity)
      ? [{ productId: typeof productId === 'string' ? productId : undefined, variantId, quantity: quantity as number }]
      : [];
  });
  const fromCart = lines.filter((line) => line.id);
  if (!answered.length) return fromCart;
  const unmatched = [...fromCart];
  return answered.flatMap(({ productId, variantId, quantity }) => {
    const at = unmatched.findIndex(
      (l) => l.variantId === variantId && (productId === undefined || l.productId === productId),
    );
    if (at < 0) return [];
    const [line] = unmatched.splice(at, 1);
    return [{ ...line!, quantity: Math.min(quantity, line!.quantity) }];
  });
}

export function checkoutStartEvent(lines: readonly PayableLine[]): { productId: string; value: Cents } | undefined {
  const first = lines[0];
  if (!first) return undefined;
  const cents = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  return { productId: first.productId, value: cents };
}
