// The shop's pages, listed once for the header, footer, 404, /links, sitemap, check-deploy and the bench.

export interface Page {
  path: string;
  /** On /links (the product page is named by the product); linkLabel elsewhere, when it differs. */
  label: string;
  linkLabel?: string;
  text: string;
  /** In the sitemap. */
  indexed: boolean;
  /** In the header, and suggested by the 404 page. */
  nav?: boolean;
  footer?: 'Shop' | 'Help' | 'Legal';
}

export const PAGES = [
  {
    path: '/',
    label: 'The product',
    text: 'The product: photos, options, prices and reviews.',
    indexed: true,
    footer: 'Shop',
  },
  {
    path: '/support',
    label: 'Support',
    text: 'Contact, FAQ, warranty, returns and company information.',
    indexed: true,
    nav: true,
    footer: 'Help',
  },
  {
    path: '/order-tracking',
    label: 'Order Tracking',
    text: 'Look up an order with its number and your email.',
    indexed: true,
    nav: true,
    footer: 'Help',
  },
  {
    path: '/policy',
    label: 'Policy',
    text: 'Privacy, shipping and return policies.',
    indexed: true,
    nav: true,
    footer: 'Legal',
  },
  { path: '/checkout', label: 'Checkout', text: 'Pay for the items in your cart.', indexed: false, footer: 'Shop' },
  {
    path: '/thank-you',
    label: 'Order confirmation',
    text: 'Shown after payment, with your order number.',
    indexed: false,
  },
  { path: '/links', label: 'Site links', linkLabel: 'All links', text: 'This page.', indexed: true, footer: 'Shop' },
] as const satisfies readonly Page[];

export type PagePath = (typeof PAGES)[number]['path'];

export function notIndexed(pathname: string): boolean {
  const path = pathname.replace(/\.html$/, '').replace(/(.)\/$/, '$1');
  return PAGES.some((page) => !page.indexed && page.path === path);
}

export function thankYouPath(orderId: string): string {
  return `/thank-you?orderId=${encodeURIComponent(orderId)}`;
}

export function orderTrackingPath(orderId: string): string {
  return `/order-tracking?orderId=${encodeURIComponent(orderId)}`;
}
