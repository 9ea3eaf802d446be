// Reads the manifest of the last build (dist/build.json) from a file, or from the deployed site by URL: a
// scheduled job runs in a fresh checkout without dist/, and the deployed manifest is what is actually published.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import {
  BuildManifestSchema,
  fingerprintOf,
  MANIFEST_VERSION,
  readJson,
  type BuildManifest,
} from '../../src/build/index.ts';

/** The manifest is missing, unreadable or not one this version understands: check-product cannot decide. */
export class ManifestError extends Error {}

export function parseManifest(json: string, where: string): BuildManifest {
  const read = readJson(BuildManifestSchema, json, where);
  if (!read.ok) {
    const { issue } = read;
    if (!issue) throw new ManifestError(`${where} is not JSON.`);
    // The version is the schema's first field, so a manifest of another version fails there first.
    const version = issue.path?.[0]?.key === 'manifestVersion' ? issue.input : undefined;
    if (version !== undefined) {
      throw new ManifestError(
        `${where} has manifest version ${JSON.stringify(version)}; this check-product reads version ${MANIFEST_VERSION}. ` +
          'Rebuild and deploy once with this version of the project.',
      );
    }
    throw new ManifestError(
      `${where} is not a build manifest: ${v.getDotPath(issue) ?? '(top level)'} ${issue.message}.`,
    );
  }
  const manifest = read.value;
  const { fingerprint: stated, ...figures } = manifest.product;
  // A hand-edited or truncated manifest would make every comparison meaningless.
  if (fingerprintOf(figures) !== stated) {
    throw new ManifestError(`${where} is damaged: its product figures do not match its fingerprint.`);
  }
  if (fingerprintOf(manifest.content.files) !== manifest.content.fingerprint) {
    throw new ManifestError(`${where} is damaged: its content file list does not match its fingerprint.`);
  }
  return manifest;
}

export async function loadManifest(location: string, timeoutMs: number): Promise<BuildManifest> {
  if (/^https?:\/\//i.test(location)) {
    let response: Response;
    try {
      // The manifest of the deployed site, fresh: a cached copy could hide the last deploy.
      response = await fetch(location, {
        headers: { 'Cache-Control': 'no-cache' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ManifestError(`Could not download the manifest ${location}: ${describeNetworkError(error)}.`);
    }
    if (!response.ok) {
      throw new ManifestError(
        `No manifest at ${location} (HTTP ${response.status}). Deploy a build first, or rebuild without checking.`,
      );
    }
    return parseManifest(await response.text(), location);
  }
  let json: string;
  try {
    json = await readFile(location, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestError(
      code === 'ENOENT'
        ? `No manifest at ${location}. Build the site first (npm run build), or pass --manifest=<file or URL>.`
        : `Could not read the manifest ${location}: ${String(error)}.`,
    );
  }
  return parseManifest(json, location);
}

/** "ECONNREFUSED", "timed out" ...: what a person can act on, not a stack. */
export function describeNetworkError(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
