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

// Intl's first number format loads locale data (60 ms at 4x): whole cents are written by hand.
let usd: Intl.NumberFormat | undefined;
let usdWhole: Intl.NumberFormat | undefined;
const THOUSANDS = /\B(?=(\d{3})+$)/g;
// Beyond this, Intl's cents / 100 can miss a cent.
const EXACT_UP_TO: Cents = 1e15;

function dollars(cents: Cents, withCents: boolean): string | undefined {
  if (!Number.isInteger(cents) || Math.abs(cents) > EXACT_UP_TO) return undefined;
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const size = Math.abs(cents);
  const whole = String(Math.floor(size / 100)).replace(THOUSANDS, ',');
  return `${sign}$${whole}${withCents ? `.${String(size % 100).padStart(2, '0')}` : ''}`;
}

export function formatCents(cents: Cents): string {
  return (
    dollars(cents, true) ??
    (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100)
  );
}

/** An amount taken in another currency than the shop's, in that currency: never as dollars. */
export function formatCentsIn(cents: Cents, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** '$100' for whole dollars, '$49.50' otherwise: an amount in running text. */
export function formatWholeCents(cents: Cents): string {
  if (cents % 100 !== 0) return formatCents(cents);
  return (
    dollars(cents, false) ??
    (usdWhole ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    })).format(cents / 100)
  );
}

export function formatUSD(dollars: number): string {
  return formatCents(toCents(dollars));
}

export function percentOff(price: Cents, regularPrice: Cents | null | undefined): number {
  if (regularPrice == null || !(regularPrice > price) || price < 0) return 0;
  return Math.round(((regularPrice - price) / regularPrice) * 100);
}
