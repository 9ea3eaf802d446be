// Pages kept out of the index carry noindex instead of a Disallow: a crawler must fetch a page to see it.
import type { APIRoute } from 'astro';
import { href } from '../lib/href.ts';

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs the site URL: set SITE_URL (astro.config.mjs `site`).');
  const sitemap = new URL(href('/sitemap-index.xml'), site).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
