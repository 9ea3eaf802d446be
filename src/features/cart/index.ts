// Changing the cart (actions.ts) loads on use, so it is imported by its own path.
export { type CartItem, badgeText, capFor, cartItemId, itemCount } from './cart-item.ts';
export { $cart, $cartLoading, $cartOpen, closeCart, openCart, refreshCartFigures } from './store.ts';
