// The project's own hydration directive (src/browser/hydrate-on-intent.ts, registered in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when idle or at the first touch, key or focus inside the island; an early tap is replayed. */
    'client:intent'?: boolean;
  }
}

// Prerendering (Speculation Rules), not yet in TypeScript's DOM types.
declare global {
  interface Document {
    /** True while the page is prerendered and not shown yet; `prerenderingchange` fires when it is shown. */
    readonly prerendering?: boolean;
  }
}

export {};
