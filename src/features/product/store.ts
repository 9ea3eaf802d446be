// The product page's live state: the shopper's choice of variant and quantity, shared by the picker, the gallery
// and the sticky bar. The live figures are the catalog's (../catalog/figures.ts): the cart follows them too.
import { atom } from 'nanostores';

/** Id of the selected variant; set by the picker from the URL or the default choice. */
export const $variantId = atom<string | undefined>(undefined);
/** Quantity chosen on the product page (minimum 1, no upper bound here: the cart enforces the cap). */
export const $quantity = atom(1);

export function setQuantity(value: number): void {
  $quantity.set(Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1);
}
