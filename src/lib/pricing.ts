import { toCents, type Cents } from './money.ts';
import type { StoreSettings } from './content-schema.ts';

/** The shop's own figures, from the store settings: pages hand them to the islands that price a cart. */
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

/** 'Tax (8%)', as every summary and the invoice label it. */
export const taxLabel = (rules: Pick<ShopRules, 'taxPercent'>): string => `Tax (${rules.taxPercent}%)`;

/** What pricing reads of any line: a cart line, or the product page's choice. */
type Priced = Readonly<{ price: Cents; quantity: number }>;

export interface Totals {
  subtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  /** What the shopper must still add for free shipping; 0 once shipping is free or the cart is empty. */
  toFreeShipping: Cents;
}

export function lineTotal(line: Priced): Cents {
  return line.price * line.quantity;
}

const taxOn = (amount: Cents, rules: ShopRules): Cents => Math.round((amount * rules.taxPercent) / 100);

/**
 * The drawer's and Buy Now's totals; `freeShipping` for checkout, which shows shipping as free. An empty cart costs
 * nothing, shipping included.
 */
export function cartTotals(lines: readonly Priced[], rules: ShopRules, opts: { freeShipping?: boolean } = {}): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = opts.freeShipping === true || subtotal === 0 || subtotal > rules.freeShippingAbove;
  const shipping = free ? 0 : rules.shippingFee;
  const tax = taxOn(subtotal, rules);
  // "Above" is strict, so the smallest amount that makes shipping free is one cent past the threshold.
  const toFreeShipping = free ? 0 : rules.freeShippingAbove + 1 - subtotal;
  return { subtotal, shipping, tax, total: subtotal + shipping + tax, toFreeShipping };
}

/** The thank-you page's total: the order total (before tax) plus the tax on it. */
export function thankYouTotal(orderTotal: Cents, rules: ShopRules): Cents {
  return orderTotal + taxOn(orderTotal, rules);
}
