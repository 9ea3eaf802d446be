// The product refresh as the islands ask for it: its code (and the API client) loads on the first call, not
// with the page.
/** Current figures, at most 5 minutes old; loads the refresh code on first use. Never rejects. */
export async function ensureFreshProduct(): Promise<void> {
  try {
    const { ensureFreshProduct: ensure } = await import('./refresh.ts');
    await ensure();
  } catch (error) {
    console.warn('Product: could not load the refresh code.', error);
  }
}
