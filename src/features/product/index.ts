export type { GalleryVariant } from './gallery.ts';
export type { PurchaseProduct } from './purchase.ts';
export { productJsonLd, type OfferTerms, type ProductJsonLdInput } from './structured-data.ts';
