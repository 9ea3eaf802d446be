// The purchase islands' product: a thumbnail per variant, not every picture.
import type { Variant } from '../catalog/product.ts';

export interface PurchaseVariant extends Omit<Variant, 'pictures'> {
  image?: string;
}

export interface PurchaseProduct {
  id: string;
  name: string;
  variants: PurchaseVariant[];
  /** Cheapest available, else cheapest. */
  defaultVariantId?: string;
}
