// The shopper's choice on the product page, shared by the picker, the gallery and the sticky bar.
import { atom } from 'nanostores';

export const $variantId = atom<string | undefined>(undefined);
/** At least 1; the cart enforces the cap. */
export const $quantity = atom(1);

export function setQuantity(value: number): void {
  $quantity.set(Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1);
}
