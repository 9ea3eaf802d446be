// The product page's add: it waits for the current figures at most a second, adds at those figures, and refuses a
// variant that has just sold out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $liveFigures } from '../catalog/index.ts';
import type { PurchaseProduct, PurchaseVariant } from './purchase.ts';

const refreshCartFigures = vi.fn<() => Promise<void>>();
const addToCart = vi.fn<(...args: unknown[]) => Promise<boolean>>();
const toast = vi.fn();
const trackLater = vi.fn();
vi.mock('../cart/index.ts', () => ({ refreshCartFigures }));
vi.mock('../cart/actions.ts', () => ({ addToCart }));
vi.mock('../toasts/toasts.ts', () => ({ toast }));
vi.mock('../../api/track-later.ts', () => ({ trackLater }));

const { addSelection } = await import('./add-selection.ts');

const black: PurchaseVariant = {
  id: 'black',
  slug: 'midnight-black',
  name: 'Midnight Black',
  sku: 'B',
  price: 8499,
  regularPrice: 9999,
  stock: 3,
};
const product: PurchaseProduct = { id: 'p', name: 'Cam', variants: [{ ...black, image: '/black.webp' }] };
const opts = { openDrawer: true, pressedAt: 0 };

beforeEach(() => {
  refreshCartFigures.mockResolvedValue(undefined);
  addToCart.mockResolvedValue(true);
  $liveFigures.set({});
});
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('adding the selection', () => {
  it('adds at the figures the refresh brought, not those the page was rendered with', async () => {
    refreshCartFigures.mockImplementation(() => {
      $liveFigures.set({ black: { price: 9499, regularPrice: 10999, stock: 2 } });
      return Promise.resolve();
    });
    // The variant as the island last rendered it, before the refresh landed.
    await expect(addSelection(product, { ...black, price: 1 }, 2, opts)).resolves.toBe(true);
    expect(addToCart).toHaveBeenCalledWith(
      {
        productId: 'p',
        variantId: 'black',
        name: 'Cam',
        price: 9499,
        originalPrice: 10999,
        image: '/black.webp',
        variantName: 'Midnight Black',
        size: 'One Size',
        maxQuantity: 2,
      },
      2,
      opts,
    );
    expect(trackLater).toHaveBeenCalledWith('ADD_TO_CART', 'p', 9499 * 2);
  });

  it("takes the product's figures when none came, whatever the rendered copy says", async () => {
    const { regularPrice: _regular, ...unsold } = black;
    await addSelection(product, { ...unsold, price: 1 }, 1, opts);
    expect(addToCart).toHaveBeenCalledWith(
      expect.objectContaining({ price: 8499, originalPrice: 9999, maxQuantity: 3 }),
      1,
      opts,
    );
  });

  it('refuses a variant that has just sold out, with a toast, and counts no add', async () => {
    refreshCartFigures.mockImplementation(() => {
      $liveFigures.set({ black: { price: 8499, stock: 0 } });
      return Promise.resolve();
    });
    await expect(addSelection(product, black, 1, opts)).resolves.toBe(false);
    expect(addToCart).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({
      title: 'Sold out',
      description: 'Cam in Midnight Black has just sold out.',
      variant: 'destructive',
    });
    expect(trackLater).not.toHaveBeenCalled();
  });

  it('counts no add the cart refused', async () => {
    addToCart.mockResolvedValue(false);
    await expect(addSelection(product, black, 1, opts)).resolves.toBe(false);
    expect(trackLater).not.toHaveBeenCalled();
  });

  it('waits for a slow refresh one second at most', async () => {
    vi.useFakeTimers();
    refreshCartFigures.mockReturnValue(new Promise(() => undefined));
    const added = addSelection(product, black, 1, opts);
    await vi.advanceTimersByTimeAsync(999);
    expect(addToCart).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(added).resolves.toBe(true);
    expect(addToCart).toHaveBeenCalledWith(expect.objectContaining({ price: 8499 }), 1, opts);
  });
});
