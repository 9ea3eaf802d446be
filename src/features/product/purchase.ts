// The product as the purchase islands take it (the picker, the sticky bar, the wallet button): every variant's
// figures as built, and its first thumbnail for the cart line instead of every picture.
import type { Variant } from '../catalog/product.ts';

export interface PurchaseVariant extends Omit<Variant, 'pictures'> {
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
