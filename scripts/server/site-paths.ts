// Maps request paths onto files of a static directory. Astro builds with build.format 'file', so /support is
// dist/support.html; /support/ and /support/index.html-style directories are accepted too.
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/** Resolves `pathname` inside `root`, or undefined if it is malformed or escapes the root. */
export function safeJoin(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const base = resolve(root);
  const full = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (full !== base && !full.startsWith(base + sep)) return undefined;
  return full;
}

/** Candidate files for a page path, most specific first. */
export function pageCandidates(pathname: string): string[] {
  if (pathname === '/' || pathname === '') return ['/index.html'];
  if (pathname.endsWith('/')) {
    const bare = pathname.slice(0, -1);
    return [`${bare}.html`, `${pathname}index.html`];
  }
  return [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Files in the build that are instructions to a host, not content (public/_headers, see docs/deploy.md): a host
 * that does not read them must not serve them either.
 */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/** The file that answers `pathname` in `root`, if any. */
export async function resolveSiteFile(root: string, pathname: string): Promise<string | undefined> {
  if (HOST_FILES.has(pathname.replace(/\/+$/, ''))) return undefined;
  for (const candidate of pageCandidates(pathname)) {
    const file = safeJoin(root, candidate);
    if (file && (await isFile(file))) return file;
  }
  return undefined;
}
