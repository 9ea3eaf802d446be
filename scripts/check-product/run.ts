// `npm run check-product`: decides whether the published site is out of date. It never builds: a scheduled job
// (.github/workflows/rebuild.yml) acts on the exit code.
import { existsSync } from 'node:fs';
import { type BuildManifest, readContent } from '../../src/build/index.ts';
import { parseCheckArgs, USAGE, UsageError, type CheckOptions } from './args.ts';
import { describeDifferences } from './diff.ts';
import { BackendError, liveManifest } from './live.ts';
import { loadManifest, ManifestError } from './manifest.ts';

const UNCHANGED = 0;
const CHANGED = 1;
const CANNOT_TELL = 2;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface Paths {
  defaultManifest: string;
  contentDir: string;
}

async function liveFromOptions(built: BuildManifest, options: CheckOptions, contentDir: string) {
  const store = { id: options.storeId ?? built.store.id, domain: options.storeDomain ?? built.store.domain };
  const link = options.productLink ?? built.product.link;
  const content = options.content && existsSync(contentDir) ? await readContent(contentDir) : built.content;
  const { apiBaseUrl, retries, timeoutMs } = options;
  return liveManifest({ apiBaseUrl, store, link, retries, timeoutMs, content, rating: built.rating });
}

export async function checkProduct(argv: string[], env: NodeJS.ProcessEnv, paths: Paths, io: Io): Promise<number> {
  const fail = (message: string) => {
    io.err(`check-product: cannot tell whether the product changed.\n${message}`);
    return CANNOT_TELL;
  };
  try {
    const options = parseCheckArgs(argv, env, paths.defaultManifest);
    if (options === 'help') {
      io.out(USAGE);
      return UNCHANGED;
    }
    const built = await loadManifest(options.manifest, options.timeoutMs);
    const { manifest: live, unread } = await liveFromOptions(built, options, paths.contentDir);
    const { changes, notes } = describeDifferences(built, live);
    if (unread) notes.push(`the backend's reviews could not be read (${unread}): the rating is not compared`);
    for (const note of notes) io.out(`note: ${note}`);
    if (changes.length === 0) {
      io.out(`check-product: no change since the last build (${options.manifest}).`);
      io.out(`  product ${live.product.id}: ${live.product.fingerprint}; content: ${live.content.fingerprint}`);
      return UNCHANGED;
    }
    io.out(
      `check-product: ${changes.length === 1 ? 'one change' : `${changes.length} changes`} since the last build (${options.manifest}):`,
    );
    for (const change of changes) io.out(`  - ${change}`);
    io.out('A rebuild is needed: npm run build, then deploy dist/ (see docs/deploy.md).');
    return CHANGED;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ManifestError || error instanceof BackendError) {
      return fail(error.message);
    }
    return fail(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
