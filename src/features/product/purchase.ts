// The purchase islands' product: the product with a thumbnail per variant instead of every picture.
import type { Product, Variant } from '../catalog/index.ts';

export type PurchaseVariant = Omit<Variant, 'pictures'> & { image?: string };

export type PurchaseProduct = Pick<Product, 'id' | 'name'> & {
  variants: PurchaseVariant[];
  /** Cheapest available, else cheapest. */
  defaultVariantId?: string;
};
