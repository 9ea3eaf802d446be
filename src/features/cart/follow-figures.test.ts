// The cart following current stock and prices: the wiring in follow-figures.ts, and the product refresh
// (refreshCartFigures in store.ts) starting it whether the figures come from the API, from the session cache, or not at all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, storageEvent, useStorage } from './storage.support.ts';

vi.mock('../../config.ts', () => ({
  config: { apiBaseUrl: '/api/v1', storeDomain: 'shop.test', productLink: 'cam', storeId: 's' },
}));
const GET = vi.fn();
vi.mock('../../api/client.ts', () => ({ getApi: () => Promise.resolve({ GET }) }));

const KEY = 'haven-cart:v2:cam';
const stale = (variantId: string, variantName: string, quantity: number) => ({
  productId: 'p',
  variantId,
  name: 'Cam',
  price: 1000,
  variantName,
  size: 'One Size',
  maxQuantity: 40,
  quantity,
});
const product = {
  id: 'p',
  name: 'Cam',
  variants: [
    { id: 'black', name: 'Midnight Black', sku: 'B', price: 84.99, regularPrice: 99.99, stock: 3, images: [] },
    { id: 'green', name: 'Sage Green', sku: 'G', price: 89.99, stock: 0, images: [] },
    { id: 'white', name: 'Arctic White', sku: 'W', price: 79.99, regularPrice: 99.99, stock: 42, images: [] },
  ],
};

async function page(storedItems: unknown[] = []) {
  vi.resetModules();
  const local = memoryStorage();
  const session = memoryStorage();
  local.data[KEY] = JSON.stringify({ version: 2, items: storedItems });
  const win = new EventTarget();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('window', win);
  useStorage(local, win);
  const cart = await import('./store.ts');
  const live = await import('../catalog/figures.ts');
  const toasts = await import('../toasts/toasts.ts');
  const follow = await import('./follow-figures.ts');
  await cart.storedCartRead();
  const stored = () =>
    (JSON.parse(local.getItem(KEY)!) as { items: { variantId: string; quantity: number; price: number }[] }).items;
  return { ...cart, ...live, ...toasts, ...follow, local, session, win, stored };
}

beforeEach(() => {
  GET.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the cart following live figures', () => {
  it('clamps to the stock, removes what is sold out, takes current prices, with one destructive toast saying so', async () => {
    const s = await page([
      stale('black', 'Midnight Black', 7),
      stale('green', 'Sage Green', 1),
      stale('white', 'Arctic White', 1),
    ]);
    s.followLiveFigures(s.$cart);
    expect(s.$cart.get()).toHaveLength(3); // nothing known yet: nothing changes
    s.$liveFigures.set({
      black: { price: 8499, regularPrice: 9999, stock: 3 },
      green: { price: 8999, stock: 0 },
      white: { price: 7999, stock: 42 },
    });
    expect(s.$cart.get()).toMatchObject([
      { variantId: 'black', quantity: 3, maxQuantity: 3, price: 8499, originalPrice: 9999 },
      { variantId: 'white', quantity: 1, maxQuantity: 42, price: 7999 },
    ]);
    expect(s.stored().map((i) => [i.variantId, i.quantity, i.price])).toEqual([
      ['black', 3, 8499],
      ['white', 1, 7999],
    ]);
    expect(s.$toasts.get()).toMatchObject([
      {
        title: 'Cart updated',
        description:
          'Sage Green is now out of stock and was removed from your cart. Only 3 of Midnight Black are in stock, so your cart now has 3.',
        variant: 'destructive',
      },
    ]);
  });

  it('applies a price change quietly', async () => {
    const s = await page([stale('white', 'Arctic White', 2)]);
    s.followLiveFigures(s.$cart);
    s.$liveFigures.set({ white: { price: 7999, stock: 42 } });
    expect(s.$cart.get()).toMatchObject([{ price: 7999, quantity: 2, maxQuantity: 42 }]);
    expect(s.$toasts.get()).toEqual([]);
  });

  it('says "is" for a single unit and names every option removed', async () => {
    const s = await page([
      stale('black', 'Midnight Black', 2),
      stale('green', 'Sage Green', 1),
      stale('white', 'Arctic White', 1),
    ]);
    s.followLiveFigures(s.$cart);
    s.$liveFigures.set({
      black: { price: 1, stock: 0 },
      green: { price: 1, stock: 0 },
      white: { price: 1, stock: 1 },
    });
    s.$cart.set([{ ...stale('white', 'Arctic White', 5), id: 'p-white', price: 1, maxQuantity: 9 }]);
    expect(s.$toasts.get().map((t) => [t.description, t.variant])).toEqual([
      ['Midnight Black and Sage Green are now out of stock and were removed from your cart.', 'destructive'],
      ['Only 1 of Arctic White is in stock, so your cart now has 1.', 'default'],
    ]);
  });

  it('reconciles a cart changed later (another tab) while figures are known, without looping', async () => {
    const s = await page([]);
    s.followLiveFigures(s.$cart);
    s.$liveFigures.set({ black: { price: 8499, stock: 3 } });
    const sets = vi.fn();
    s.$cart.listen(sets);
    const other = JSON.stringify({ version: 2, items: [stale('black', 'Midnight Black', 9)] });
    s.local.data[KEY] = other;
    s.win.dispatchEvent(storageEvent(KEY, other));
    await vi.waitFor(() => expect(s.$cart.get()).toMatchObject([{ quantity: 3, price: 8499, maxQuantity: 3 }]));
    expect(sets).toHaveBeenCalledTimes(2); // the other tab's cart, then the reconciled one; no further writes
    expect(s.stored()).toMatchObject([{ quantity: 3 }]);
  });

  it('starts once, and stops', async () => {
    const s = await page([stale('black', 'Midnight Black', 2)]);
    expect(s.followLiveFigures(s.$cart)).toBe(s.followLiveFigures(s.$cart));
    s.followLiveFigures(s.$cart)();
    s.$liveFigures.set({ black: { price: 8499, stock: 1 } });
    expect(s.$cart.get()).toMatchObject([{ quantity: 2, price: 1000 }]);
  });
});

describe('product refresh and the cart', () => {
  it('reconciles the cart with a successful refresh', async () => {
    GET.mockResolvedValue({ data: product });
    const s = await page([stale('black', 'Midnight Black', 7)]);
    const { refreshCartFigures } = await import('./store.ts');
    await refreshCartFigures();
    expect(s.$cart.get()).toMatchObject([{ quantity: 3, price: 8499, originalPrice: 9999, maxQuantity: 3 }]);
    expect(s.$toasts.get()).toMatchObject([
      {
        title: 'Cart updated',
        description: 'Only 3 of Midnight Black are in stock, so your cart now has 3.',
        variant: 'default',
      },
    ]);
  });

  it('reconciles the cart with figures restored from the 5-minute session cache, without a request', async () => {
    const s = await page([stale('black', 'Midnight Black', 7)]);
    s.session.setItem(
      'haven-product:v2:shop.test:cam',
      JSON.stringify({ at: Date.now(), variants: { black: { price: 8499, stock: 2 } } }),
    );
    const { refreshCartFigures } = await import('./store.ts');
    await refreshCartFigures();
    expect(GET).not.toHaveBeenCalled();
    expect(s.$cart.get()).toMatchObject([{ quantity: 2, price: 8499, maxQuantity: 2 }]);
  });

  it('changes nothing when the refresh fails, apart from a console warning', async () => {
    GET.mockRejectedValue(new TypeError('Failed to fetch'));
    const items = [stale('black', 'Midnight Black', 7)];
    const s = await page(items);
    const before = s.$cart.get();
    const { refreshCartFigures } = await import('./store.ts');
    await refreshCartFigures();
    expect(s.$cart.get()).toBe(before);
    expect(s.stored()).toEqual(items);
    expect(s.$toasts.get()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('could not refresh stock and prices'),
      expect.anything(),
    );
  });
});
