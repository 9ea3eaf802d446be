// robots.txt at build time, pointing crawlers at the sitemap on the configured site URL. Pages that must not
// be indexed (checkout, thank-you, 404) carry a noindex meta tag instead of a Disallow: a crawler has to fetch
// a page to see its noindex.
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs the site URL: set SITE_URL (astro.config.mjs `site`).');
  const sitemap = new URL('sitemap-index.xml', site).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
