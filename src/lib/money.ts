// Integer cents everywhere, so sums never drift (0.1 + 0.2 !== 0.3); dollars only at the API and on screen.

export type Cents = number;

export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) return 0;
  return Math.round(dollars * 100);
}

/** Above any real unit price ($10M): a stored or cached figure beyond it was edited, and would show as '$∞'. */
export const MAX_PRICE: Cents = 1e9;

export function toDollars(cents: Cents): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/** An amount taken in another currency than the shop's, in that currency: never as dollars. */
export function formatCentsIn(cents: Cents, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** '$100' for whole dollars, '$49.50' otherwise: an amount in running text. */
export function formatWholeCents(cents: Cents): string {
  return (cents % 100 === 0 ? usdWhole : usd).format(cents / 100);
}
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function formatUSD(dollars: number): string {
  return formatCents(toCents(dollars));
}

export function percentOff(price: Cents, regularPrice: Cents | null | undefined): number {
  if (regularPrice == null || !(regularPrice > price) || price < 0) return 0;
  return Math.round(((regularPrice - price) / regularPrice) * 100);
}
