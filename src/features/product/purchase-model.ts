// The product as the purchase islands hold it (built at build time), and its variants with the run-time figures.
import type { Cents } from '../../lib/money.ts';
import type { ViewVariant } from './view.ts';

/** A variant's current figures, from the run-time product refresh. */
export interface LiveFigures {
  price: Cents;
  regularPrice?: Cents;
  stock: number;
}

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
export function withLive(v: PurchaseVariant, live: Record<string, LiveFigures>): PurchaseVariant {
  const l = live[v.id];
  if (!l) return v;
  const { regularPrice: _built, ...rest } = v;
  return {
    ...rest,
    price: l.price,
    stock: l.stock,
    ...(l.regularPrice !== undefined ? { regularPrice: l.regularPrice } : {}),
  };
}
