// The product refresh as the islands ask for it: its code (and the API client) loads on the first call, not
// with the page. From then on the cart's lines follow the figures, whether cached, fetched or arriving later.
/** Current figures, at most 5 minutes old, applied to the cart; loads the code on first use. Never rejects. */
export async function ensureFreshProduct(): Promise<void> {
  try {
    const { refreshFiguresForCart } = await import('./refresh.ts');
    await refreshFiguresForCart();
  } catch (error) {
    console.warn('Product: could not load the refresh code.', error);
  }
}
