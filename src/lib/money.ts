// Money is computed in integer cents and only turned back into dollars for display,
// so that sums of many lines never drift by a cent (0.1 + 0.2 !== 0.3).

export type Cents = number;

export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) return 0;
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.50' — prices formatted as US dollars in en-US (SPEC §9). */
export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

export function formatUSD(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** Whole-percent saving of a sale price against its regular price, or 0 when there is no sale. */
export function percentOff(price: number, regularPrice: number | null | undefined): number {
  if (regularPrice == null || !(regularPrice > price) || price < 0) return 0;
  return Math.round(((toCents(regularPrice) - toCents(price)) / toCents(regularPrice)) * 100);
}
