// The project's own hydration directive (src/browser/hydrate-on-intent.ts, registered in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when idle or at the first touch, key or focus inside the island; an early tap is replayed. */
    'client:intent'?: boolean;
  }
}

export {};
