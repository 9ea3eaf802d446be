import type { Cents } from './money.ts';

const FREE_SHIPPING_ABOVE: Cents = 100_00;
const SHIPPING_FEE: Cents = 9_99;
const TAX_RATE = 0.08;
/** 'Tax (8%)', as every summary and the invoice label it. */
export const TAX_LABEL = `Tax (${Math.round(TAX_RATE * 100)}%)`;

export interface PricedLine {
  price: Cents;
  quantity: number;
}

export interface Totals {
  subtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  /** What the shopper must still add for free shipping; 0 once shipping is free or the cart is empty. */
  toFreeShipping: Cents;
}

export function lineTotal(line: PricedLine): Cents {
  return line.price * line.quantity;
}

function taxOn(amount: Cents): Cents {
  return Math.round(amount * TAX_RATE);
}

/**
 * Cart drawer and Buy Now totals: shipping is free when the subtotal is above $100, else $9.99; tax is 8 % of the
 * subtotal (docs/requirements.md#cart). An empty cart costs nothing, shipping included.
 */
export function cartTotals(lines: readonly PricedLine[], opts: { freeShipping?: boolean } = {}): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const free = opts.freeShipping === true || subtotal === 0 || subtotal > FREE_SHIPPING_ABOVE;
  const shipping = free ? 0 : SHIPPING_FEE;
  const tax = taxOn(subtotal);
  // "Above 100" is strict, so the smallest amount that makes shipping free is one cent past the threshold.
  const toFreeShipping = free ? 0 : FREE_SHIPPING_ABOVE + 1 - subtotal;
  return { subtotal, shipping, tax, total: subtotal + shipping + tax, toFreeShipping };
}

/** The thank-you page's total: the order total times 1.08 (the order total is before tax). */
export function thankYouTotal(orderTotal: Cents): Cents {
  return Math.round(orderTotal * (1 + TAX_RATE));
}
