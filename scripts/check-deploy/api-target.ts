// Which API the deployed pages call from the browser: --api when given, else what build.json records (the
// build's PUBLIC_API_BASE_URL, relative to the site when it is the site's own /api/v1).
import type { BuildManifest } from '../../src/build/index.ts';

export interface ApiTarget {
  /** Absolute base URL including /api/v1, without a trailing slash. */
  base: string;
  origin: string;
  sameOrigin: boolean;
  /** Where the check learned it, for its messages. */
  source: '--api' | 'build.json';
}

export function resolveApiTarget(
  site: string,
  option: string | undefined,
  manifest: BuildManifest | undefined,
): ApiTarget | { problem: string } {
  const configured = option ?? manifest?.browser?.apiBaseUrl;
  if (!configured) {
    return {
      problem: manifest
        ? 'build.json does not record the API the browser calls (a build made before check-deploy): rebuild and deploy, or pass --api=<URL>'
        : 'without build.json the check cannot tell which API the browser calls: pass --api=<URL>',
    };
  }
  let url: URL;
  try {
    url = new URL(configured, `${site}/`);
  } catch {
    return { problem: `the API base URL ${JSON.stringify(configured)} is not a URL` };
  }
  const base = url.href.replace(/\/+$/, '');
  return {
    base,
    origin: url.origin,
    sameOrigin: url.origin === new URL(site).origin,
    source: option ? '--api' : 'build.json',
  };
}
