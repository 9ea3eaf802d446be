// What the build shares with the tools (scripts/), their one door into src/; all of it runs in plain Node.
export {
  BuildManifestSchema,
  contentFigures,
  createManifest,
  fingerprintOf,
  MANIFEST_VERSION,
  readApiVersion,
  readContent,
  serializeManifest,
  type BuildManifest,
  type ContentFigures,
  type VariantFigures,
} from './fingerprint.ts';
export { contentSecurityPolicy, imageHostList, speculationRuleHashes } from './page-policy.ts';
export { readRating } from './rating-source.ts';
export { WALLET_PAGES, type WalletPage } from '../features/payment/build.ts';
export { speculationRules, THANK_YOU_NO_VARY_SEARCH } from '../lib/speculation-rules.ts';
export { basePathOf, withinBase } from '../lib/site-path.ts';
export { PAGES, thankYouPath, type PagePath } from '../lib/pages.ts';
export { JsonObject } from '../lib/json-object.ts';
export { readJson } from '../lib/stored-json.ts';
export { formatUSD } from '../lib/money.ts';
export { settingsSchema, STORE_SETTINGS } from '../lib/content-schema.ts';
export { readSettingsFile, settingsPalette } from './settings-file.ts';
export { withBrandPalette } from './brand.ts';
export {
  normalizeProduct,
  ProductDataError,
  type ProductAnswer,
  type VariantAnswer,
} from '../features/catalog/answer.ts';
export { encodeReceipts, paidOrder, RECEIPTS_STORAGE_KEY } from '../features/thank-you/index.ts';
export { productJsonLd } from '../features/product/index.ts';
export { baseLinks } from './base-links.ts';
export { COMPILE_HINT, compileHints } from './compile-hints.ts';
