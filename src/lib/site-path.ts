// Code names the shop's own paths ('/support'); a shop under SITE_URL's path (https://owner.github.io/shop) has them
// under that base.

/** '' at a domain's root, '/shop' under a path. */
export const asBase = (path: string): string => path.replace(/\/+$/, '');

export const basePathOf = (siteUrl: string): string => asBase(new URL(siteUrl).pathname);

export function underBase(base: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${base}${path}`;
}

/** '/shop/support' → '/support'; undefined outside the base. */
export function withinBase(base: string, pathname: string): string | undefined {
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : undefined;
}
