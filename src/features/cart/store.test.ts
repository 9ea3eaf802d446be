import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  data = new Map<string, string>();
  failWrites = false;
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string) { this.data.delete(k); }
}

const KEY = 'haven-cart:v1:cam';
const white = { productId: 'p', variantId: 'white', name: 'Cam', price: 79.99, color: 'Arctic White', maxQuantity: 3 };

async function freshStore(stored?: string) {
  vi.resetModules();
  const storage = new MemoryStorage();
  if (stored !== undefined) storage.data.set(KEY, stored);
  const win = new EventTarget();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', win);
  const cart = await import('./store.ts');
  const actions = await import('./actions.ts');
  const toasts = await import('../../stores/toasts.ts');
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
  it('loads the stored cart once loading finishes, and only then saves', async () => {
    const s = await freshStore(JSON.stringify({ version: 1, items: [{ ...white, id: 'x', size: 'One Size', quantity: 2 }] }));
    expect(s.$cartLoading.get()).toBe(true);
    await s.loadCart('cam');
    expect(s.$cartLoading.get()).toBe(false);
    expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 2 }]);
    s.setCartQuantity('p-white', 1);
    expect(JSON.parse(s.storage.getItem(KEY)!).items[0].quantity).toBe(1);
  });

  it('keeps an item added before the stored cart was read', async () => {
    const s = await freshStore(JSON.stringify({ version: 1, items: [{ ...white, variantId: 'black', id: 'x', quantity: 1 }] }));
    void s.addToCart(white, 1, { openDrawer: false });
    await s.loadCart('cam');
    expect(s.$cart.get().map((i) => [i.id, i.quantity])).toEqual([['p-black', 1], ['p-white', 1]]);
    expect(JSON.parse(s.storage.getItem(KEY)!).items).toHaveLength(2);
  });

  it('turns a corrupt entry into an empty cart with a console warning', async () => {
    const s = await freshStore('{"version":1,"items":[{"garbage":true}]}');
    await s.loadCart('cam');
    expect(s.$cart.get()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('unexpected shape'));
  });

  it('adds with an 800 ms delay and opens the drawer about 200 ms later', async () => {
    const s = await freshStore();
    await s.loadCart('cam');
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
    await s.loadCart('cam');
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
    await s.loadCart('cam');
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
    await s.loadCart('cam');
    void s.addToCart(white, 1, { openDrawer: false });
    s.setCartQuantity('p-white', 0);
    expect(s.$cart.get()).toEqual([]);
    expect(s.$toasts.get().at(-1)).toMatchObject({ title: 'Removed from cart', description: 'Cam (Arctic White) was removed from your cart.', duration: 770 });
    await vi.advanceTimersByTimeAsync(770);
    expect(s.$toasts.get().some((t) => t.title === 'Removed from cart')).toBe(false);
    s.clearCart();
    expect(s.$toasts.get().at(-1)).toMatchObject({ title: 'Cart cleared', description: 'All items have been removed from your cart.' });
  });

  it('keeps working when storage writes fail', async () => {
    const s = await freshStore();
    await s.loadCart('cam');
    s.storage.failWrites = true;
    void s.addToCart(white, 1, { openDrawer: false });
    expect(s.$cart.get()).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith('Cart: could not save the cart to browser storage.', expect.anything());
  });

  it('picks up changes made in another tab', async () => {
    const s = await freshStore();
    await s.loadCart('cam');
    s.storage.data.set(KEY, JSON.stringify({ version: 1, items: [{ ...white, id: 'p-white', quantity: 2 }] }));
    const event = Object.assign(new Event('storage'), { key: KEY });
    s.win.dispatchEvent(event);
    await vi.waitFor(() => expect(s.$cart.get()).toMatchObject([{ id: 'p-white', quantity: 2 }]));
  });
});
