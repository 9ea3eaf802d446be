// The product page's live state: the shopper's choice of variant and quantity, shared by the picker, the gallery
// and the sticky bar. The live figures are the catalog's (../catalog/figures.ts): the cart follows them too.
import { atom } from 'nanostores';

/** Id of the selected variant; set by the picker from the URL or the default choice. */
export const $variantId = atom<string | undefined>(undefined);
/**
 * Whether the main Add to Cart button is out of view, which shows the sticky bar. A store of its own, so that a
 * scroll re-renders the bar only, never the whole purchase island.
 */
export const $mainAddOutOfView = atom(false);
/** Quantity chosen on the product page (minimum 1, no upper bound here: the cart enforces the cap). */
export const $quantity = atom(1);

export function setQuantity(value: number): void {
  $quantity.set(Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1);
}
