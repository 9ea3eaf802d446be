// What the demo charges for an order: the same store settings the pages show (free shipping above a subtotal, else a
// fee; tax on the subtotal), in integer cents, so that an editor's change moves the price and the charge together.

export interface DemoPricing {
  /** Dollars: a subtotal strictly above this ships free. */
  freeShippingAbove: number;
  /** Dollars. */
  shippingFee: number;
  taxPercent: number;
}

/** The seed store's settings (src/content/settings/store.md), for a backend given none. */
export const DEFAULT_PRICING: DemoPricing = { freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 };

export interface OrderAmounts {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Dollars in, dollars out, computed in cents as the storefront computes them. */
export function orderAmounts(subtotalDollars: number, pricing: DemoPricing): OrderAmounts {
  const subtotal = cents(subtotalDollars);
  const free = subtotal === 0 || subtotal > cents(pricing.freeShippingAbove);
  const shipping = free ? 0 : cents(pricing.shippingFee);
  const tax = Math.round((subtotal * pricing.taxPercent) / 100);
  return {
    subtotal: subtotal / 100,
    shipping: shipping / 100,
    tax: tax / 100,
    total: (subtotal + shipping + tax) / 100,
  };
}
