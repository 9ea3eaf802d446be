import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, storageEvent, useStorage } from './storage.support.ts';

vi.mock('../../config.ts', () => ({ config: { productLink: 'cam' } }));

const KEY = 'haven-cart:v2:cam';
const LEGACY_KEY = 'haven-cart:v1:cam';
const white = {
  productId: 'p',
  variantId: 'white',
  name: 'Cam',
  price: 7999,
  variantName: 'Arctic White',
  maxQuantity: 3,
};
const saved = (...items: unknown[]) => JSON.stringify({ version: 2, items });
const savedItems = (raw: string | null) =>
  (JSON.parse(raw ?? '{}') as { items: { variantId: string; quantity: number; price: number }[] }).items;

async function freshStore(stored: Record<string, string> = {}) {
  vi.resetModules();
  const storage = memoryStorage();
  Object.assign(storage.data, stored);
  const win = new EventTarget();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', win);
  useStorage(storage, win);
  const cart = await import('./store.ts');
  const actions = await import('./actions.ts');
  const toasts = await import('../toasts/toasts.ts');
  toasts.attachToaster();
  return { ...cart, ...actions, ...toasts, storage, win };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cart store', () => {
  it('reads the stored cart as soon as something watches the cart, and only then saves', async () => {
    const s = await freshStore({ [KEY]: saved({ ...white, size: 'One Size', quantity: 2 }) });
    expect(s.$cartLoading.get()).toBe(true);
    s.$cart.listen(() => {});
    await s.storedCartRead();
    expect(s.$cartLoading.get()).toBe(false);
    expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 2, price: 7999 }]);
    s.setCartQuantity('p-white', 1);
    expect(savedItems(s.storage.getItem(KEY))[0]?.quantity).toBe(1);
  });

  it('with nothing stored, loads no storage code until the first change, which it saves, leaving an add in progress alone', async () => {
    const s = await freshStore();
    s.$cart.listen(() => {});
    expect(s.$cartLoading.get()).toBe(false);
    const done = s.addToCart(white, 1, { openDrawer: false });
    expect(s.$cartLoading.get()).toBe(true);
    await s.storedCartRead(); // the read the first change started
    expect(savedItems(s.storage.getItem(KEY))).toMatchObject([{ variantId: 'white', quantity: 1 }]);
    expect(s.$cartLoading.get()).toBe(true); // still 'Adding...'
    await vi.advanceTimersByTimeAsync(800);
    expect(await done).toBe(true);
    expect(s.$cartLoading.get()).toBe(false);
  });

  it('with nothing stored, takes a cart another tab stores', async () => {
    const s = await freshStore();
    s.$cart.listen(() => {});
    const other = saved({ ...white, quantity: 2 });
    s.storage.data[KEY] = other;
    s.win.dispatchEvent(storageEvent(KEY, other));
    await vi.waitFor(() => expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 2 }]));
  });

  it('carries a cart saved in the previous format (dollars) over to this one, once', async () => {
    // As the storefront saved carts before prices were kept in cents.
    const legacy = {
      id: 'p-white',
      productId: 'p',
      variantId: 'white',
      name: 'Cam',
      price: 79.99,
      originalPrice: 99.99,
      color: 'Arctic White',
      size: 'One Size',
      maxQuantity: 3,
      quantity: 2,
    };
    const s = await freshStore({ [LEGACY_KEY]: JSON.stringify({ version: 1, items: [legacy] }) });
    await s.storedCartRead();
    expect(s.$cart.get()).toEqual([
      {
        id: 'p-white',
        productId: 'p',
        variantId: 'white',
        name: 'Cam',
        price: 7999,
        originalPrice: 9999,
        variantName: 'Arctic White',
        size: 'One Size',
        maxQuantity: 3,
        quantity: 2,
      },
    ]);
    expect(savedItems(s.storage.getItem(KEY))).toMatchObject([{ variantId: 'white', quantity: 2, price: 7999 }]);
    expect(s.storage.getItem(LEGACY_KEY)).toBeNull();
  });

  it('prefers a cart in this format over a leftover one in the previous format', async () => {
    const s = await freshStore({
      [KEY]: saved({ ...white, quantity: 1 }),
      [LEGACY_KEY]: JSON.stringify({ version: 1, items: [] }),
    });
    await s.storedCartRead();
    expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 1 }]);
  });

  it('keeps an item added before the stored cart was read', async () => {
    const s = await freshStore({ [KEY]: saved({ ...white, variantId: 'black', quantity: 1 }) });
    void s.addToCart(white, 1, { openDrawer: false });
    await s.storedCartRead();
    expect(s.$cart.get().map((i) => [i.id, i.quantity])).toEqual([
      ['p-black', 1],
      ['p-white', 1],
    ]);
    expect(savedItems(s.storage.getItem(KEY))).toHaveLength(2);
  });

  it('turns a corrupt entry into an empty cart with a console warning, and leaves it until the cart changes', async () => {
    const corrupt = '{"version":2,"items":[{"garbage":true}]}';
    const s = await freshStore({ [KEY]: corrupt });
    await s.storedCartRead();
    expect(s.$cart.get()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('unexpected shape'));
    expect(s.storage.getItem(KEY)).toBe(corrupt);
  });

  it('counts the time since the press towards the 800 ms on a clock that a change of the time of day does not move', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const pressedAt = performance.now();
    await vi.advanceTimersByTimeAsync(300);
    vi.setSystemTime(Date.now() - 60 * 60 * 1000);
    const done = s.addToCart(white, 1, { openDrawer: false, pressedAt });
    await vi.advanceTimersByTimeAsync(499);
    expect(s.$cartLoading.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(true);
    expect(s.$cartLoading.get()).toBe(false);
  });

  it('adds with an 800 ms delay and opens the drawer about 200 ms later', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const done = s.addToCart(white, 1);
    expect(s.$cart.get()).toHaveLength(1);
    expect(s.$cartLoading.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(799);
    expect(s.$cartLoading.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(true);
    expect(s.$cartLoading.get()).toBe(false);
    expect(s.$cartOpen.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(s.$cartOpen.get()).toBe(true);
  });

  it('hands the drawer the control the add came from, once, even if focus moved before the drawer opened', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const body = { focus() {} };
    const addButton = { focus() {} };
    const doc = { body, activeElement: addButton as unknown };
    vi.stubGlobal('document', doc);
    const done = s.addToCart(white, 1);
    doc.activeElement = body; // e.g. the button went away, or the shopper clicked elsewhere
    await vi.advanceTimersByTimeAsync(800);
    await done;
    expect(s.takeDrawerOpener()).toBeUndefined(); // not before the drawer opens
    await vi.advanceTimersByTimeAsync(200);
    expect(s.$cartOpen.get()).toBe(true);
    expect(s.takeDrawerOpener()).toBe(addButton);
    expect(s.takeDrawerOpener()).toBeUndefined(); // a later opening (the header button) is not redirected
    // An add started with nothing focused hands over nothing: the drawer falls back to its own rule.
    doc.activeElement = body;
    const again = s.addToCart(white, 1);
    await vi.advanceTimersByTimeAsync(1000);
    await again;
    expect(s.takeDrawerOpener()).toBeUndefined();
  });

  it('refuses to pass the maximum with a destructive toast', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const first = s.addToCart(white, 3);
    await vi.advanceTimersByTimeAsync(1000);
    await first;
    expect(await s.addToCart(white, 1)).toBe(false);
    expect(s.$cart.get()[0]?.quantity).toBe(3);
    expect(s.$toasts.get().at(-1)).toMatchObject({
      title: 'Cannot add more items',
      description: 'Maximum quantity of 3 reached for this item.',
      variant: 'destructive',
    });
  });

  it('removes with a 770 ms toast, and clears with its toast', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    void s.addToCart(white, 1, { openDrawer: false });
    s.setCartQuantity('p-white', 0);
    expect(s.$cart.get()).toEqual([]);
    expect(s.$toasts.get().at(-1)).toMatchObject({
      title: 'Removed from cart',
      description: 'Cam (Arctic White) was removed from your cart.',
      duration: 770,
    });
    await vi.advanceTimersByTimeAsync(770);
    expect(s.$toasts.get().some((t) => t.title === 'Removed from cart')).toBe(false);
    s.clearCart();
    expect(s.$toasts.get().at(-1)).toMatchObject({
      title: 'Cart cleared',
      description: 'All items have been removed from your cart.',
    });
  });

  it('names a line without an option by its name alone, and clears without a toast when told', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const { variantName: _none, ...plain } = white;
    void s.addToCart(plain, 1, { openDrawer: false });
    s.removeFromCart(s.$cart.get()[0]!.id);
    expect(s.$toasts.get().at(-1)).toMatchObject({ description: 'Cam was removed from your cart.' });
    void s.addToCart(white, 1, { openDrawer: false });
    const toasts = s.$toasts.get().length;
    s.clearCart({ silent: true });
    expect(s.$cart.get()).toEqual([]);
    expect(s.$toasts.get()).toHaveLength(toasts);
  });

  it('keeps working when storage writes fail', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    s.storage.failWrites = true;
    void s.addToCart(white, 1, { openDrawer: false });
    expect(s.$cart.get()).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith('Cart: could not save the cart to browser storage.', expect.anything());
  });

  it('picks up changes made in another tab, checked like a stored cart', async () => {
    const s = await freshStore();
    await s.storedCartRead();
    const other = saved({ ...white, quantity: 2 });
    s.storage.data[KEY] = other;
    s.win.dispatchEvent(storageEvent(KEY, other));
    expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 2 }]);
    s.win.dispatchEvent(storageEvent(KEY, '{"version":2,"items":"lots"}'));
    expect(s.$cart.get()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('unexpected shape'));
  });
});
