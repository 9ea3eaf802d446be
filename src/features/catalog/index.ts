// The backend's answer (answer.ts) loads on use, so it is imported by its own path.
export type { Figures, Picture, Product, SharePicture, Variant } from './product.ts';
export type { ImageAnswer, ProductAnswer } from './answer.ts';
export { $liveFigures, refreshFigures, withFigures } from './figures.ts';
export {
  NOTICE_ALL_OUT,
  initialVariant,
  isAvailable,
  lowStockLabel,
  outOfStockTitle,
  pictureAlt,
  slugify,
  variantSlug,
  withVariantParam,
} from './variants.ts';
