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

// Intl's first format loads locale data (60 ms at 4x): whole cents are written by hand.
const intl: Partial<Record<0 | 2, Intl.NumberFormat>> = {};
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function usd(cents: Cents, digits: 0 | 2): string {
  if (!Number.isSafeInteger(cents))
    return (intl[digits] ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })).format(cents / 100);
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(digits).replace(THOUSANDS, ',')}`;
}

export function formatCents(cents: Cents): string {
  return usd(cents, 2);
}

/** An amount taken in another currency than the shop's, in that currency: never as dollars. */
export function formatCentsIn(cents: Cents, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** '$100' for whole dollars, '$49.50' otherwise: an amount in running text. */
export function formatWholeCents(cents: Cents): string {
  return usd(cents, cents % 100 === 0 ? 0 : 2);
}

export function formatUSD(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** Rounded down: never more than is saved. */
export function percentOff(price: Cents, regularPrice: Cents | null | undefined): number {
  if (regularPrice == null || !(regularPrice > price) || price < 0) return 0;
  return Math.floor(((regularPrice - price) * 100) / regularPrice);
}
