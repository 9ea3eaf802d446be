import { describe, expect, it } from 'vitest';
import { checkoutStartEvent, paidCartLines, payableLines } from './pays.ts';

const camBlack = { productId: 'prod_cam', variantId: 'var_black', quantity: 2, price: 7999 };
const camWhite = { productId: 'prod_cam', variantId: 'var_white', quantity: 1, price: 8950 };

describe('what a wallet button pays', () => {
  it('pays for the cart from the drawer and /checkout, and for the choice shown above it on the product page', () => {
    const choice = {
      product: { id: 'prod_cam', name: 'Haven Cam 360' },
      variant: { id: 'var_white', name: 'Arctic White', price: 7999, image: '/w.webp' },
      quantity: 3,
    };
    expect(payableLines([camBlack], 'cart')).toEqual([camBlack]);
    const chosen = {
      productId: 'prod_cam',
      variantId: 'var_white',
      quantity: 3,
      price: 7999,
      name: 'Haven Cam 360',
      variantName: 'Arctic White',
      image: '/w.webp',
    };
    // Whatever the cart holds: the product page's wallet pays what the screen above it says.
    expect(payableLines([camBlack], choice)).toEqual([chosen]);
    expect(payableLines([], choice)).toEqual([chosen]);
    expect(payableLines([camBlack], undefined)).toEqual([]);
    expect(payableLines([], 'cart')).toEqual([]);
  });

  it('takes off the cart what the order answered, from the lines it was made of; a choice takes nothing off', () => {
    const black = { ...camBlack, id: 'prod_cam-var_black', quantity: 2 };
    const white = { ...camWhite, id: 'prod_cam-var_white' };
    const answered = { id: 'o', items: [{ variantId: 'var_black', quantity: 1 }] };
    expect(paidCartLines(answered, [black, white])).toEqual([{ ...black, quantity: 1 }]);
    expect(paidCartLines({ id: 'o' }, [black, white])).toEqual([black, white]);
    expect(paidCartLines({ id: 'o', items: [{ variantId: 'var_white', quantity: 3 }] }, [camWhite])).toEqual([]);
  });

  it('reads no item whose quantity is not a whole number: a garbled answer never empties a line', () => {
    const black = { ...camBlack, id: 'prod_cam-var_black', quantity: 2 };
    const white = { ...camWhite, id: 'prod_cam-var_white' };
    const garbled = { id: 'o', items: [{ variantId: 'var_black' }, { variantId: 'var_white', quantity: '1' }] };
    // Nothing read: the order paid the lines it was made from.
    expect(paidCartLines(garbled, [black, white])).toEqual([black, white]);
    const partly = {
      id: 'o',
      items: [
        { variantId: 'var_black', quantity: 1.5 },
        { variantId: 'var_white', quantity: 1 },
      ],
    };
    expect(paidCartLines(partly, [black, white])).toEqual([white]);
  });

  it('matches each answered item to one line by product and variant, never to another product with that variant', () => {
    const black = { ...camBlack, id: 'prod_cam-var_black', quantity: 2 };
    const other = { ...camBlack, id: 'prod_other-var_black', productId: 'prod_other', quantity: 1 };
    const answered = { id: 'o', items: [{ productId: 'prod_other', variantId: 'var_black', quantity: 1 }] };
    expect(paidCartLines(answered, [black, other])).toEqual([other]);
    const twice = { id: 'o', items: [answered.items[0], answered.items[0]] };
    expect(paidCartLines(twice, [black, other])).toEqual([other]);
  });

  it('values CHECKOUT_START at the goods total in dollars, to the cent', () => {
    expect(checkoutStartEvent([camBlack, camWhite])).toEqual({ productId: 'prod_cam', value: 24948 });
    expect(checkoutStartEvent([{ ...camBlack, price: 10, quantity: 3 }])?.value).toBe(30);
    expect(checkoutStartEvent([])).toBeUndefined();
  });
});
