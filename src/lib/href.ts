// Links of the built site, under the base it was built for (Astro's `base`, from SITE_URL).
import type { Page } from './pages.ts';
import { asBase, underBase } from './site-path.ts';

export const SITE_BASE = asBase(import.meta.env.BASE_URL);

export const href = (path: string): string => underBase(SITE_BASE, path);

/** With or without a trailing slash. */
export const isShowing = (path: string): boolean =>
  location.pathname.replace(/\/+$/, '') === href(path).replace(/\/+$/, '');

export const linkTo = (page: Page) => ({ href: href(page.path), label: page.linkLabel ?? page.label });
