import { toCents, type Cents } from './money.ts';
import type { StoreSettings } from './content-schema.ts';

/** The shop's figures, from the store settings. */
export interface ShopRules {
  /** A subtotal strictly above this ships free. */
  freeShippingAbove: Cents;
  shippingFee: Cents;
  taxPercent: number;
}

export function shopRules({ pricing }: Pick<StoreSettings, 'pricing'>): ShopRules {
  return {
    freeShippingAbove: toCents(pricing.freeShippingAbove),
    shippingFee: toCents(pricing.shippingFee),
    taxPercent: pricing.taxPercent,
  };
}

export const taxLabel = (rules: Pick<ShopRules, 'taxPercent'>): string => `Tax (${rules.taxPercent}%)`;

type Priced = Readonly<{ price: Cents; quantity: number }>;

export interface Totals {
  subtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  /** What must still be added for free shipping. */
  toFreeShipping: Cents;
}

export function lineTotal(line: Priced): Cents {
  return line.price * line.quantity;
}

const taxOn = (amount: Cents, rules: ShopRules): Cents => Math.round((amount * rules.taxPercent) / 100);

/** What paying for `lines` costs, as every page by a pay button shows it and the backend charges it. */
export function cartTotals(lines: readonly Priced[], rules: ShopRules): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = subtotal === 0 || subtotal > rules.freeShippingAbove;
  const shipping = free ? 0 : rules.shippingFee;
  const tax = taxOn(subtotal, rules);
  // "Above" is strict, so the smallest amount that makes shipping free is one cent past the threshold.
  const toFreeShipping = free ? 0 : rules.freeShippingAbove + 1 - subtotal;
  return { subtotal, shipping, tax, total: subtotal + shipping + tax, toFreeShipping };
}
