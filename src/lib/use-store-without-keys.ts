// @nanostores/react's useStore can follow some keys of a map store only (its `keys` option), and for that imports
// nanostores' listenKeys and the deep-map path helpers into every page. No island here passes `keys`;
// astro.config.mjs points that one package's `nanostores` import at this module, which keeps them out.
export function listenKeys(): never {
  throw new Error('useStore was given `keys`, which this storefront does not support (see astro.config.mjs).');
}
