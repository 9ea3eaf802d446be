// Compresses the build's text files once, at the highest settings, beside the originals (file.js.br, file.js.gz), as
// static hosts and CDNs precompress; the server (sirv) then picks the variant the browser accepts.
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT = /\.(html|css|js|mjs|json|map|svg|txt|xml|webmanifest)$/;
/** Below this size compression costs more than it saves. */
const MIN_BYTES = 1024;
/**
 * Above this size (the content editor's 5 MB bundle) brotli's top quality takes about 8 s per build for 14 %
 * fewer bytes, on a page only editors open: a fast setting instead.
 */
const LARGE_BYTES = 1_000_000;

const fresh = (variant: string, mtimeMs: number) => existsSync(variant) && statSync(variant).mtimeMs >= mtimeMs;

/** Written beside, then renamed: a server reading the folder meanwhile never sees half a file. */
async function writeWhole(path: string, data: Buffer): Promise<void> {
  await writeFile(`${path}.partial`, data);
  await rename(`${path}.partial`, path);
}

export async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && TEXT.test(entry.name))
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const { size, mtimeMs } = statSync(path);
        if (size < MIN_BYTES || (fresh(`${path}.br`, mtimeMs) && fresh(`${path}.gz`, mtimeMs))) return;
        const body = await readFile(path);
        const quality = size > LARGE_BYTES ? 5 : zlib.BROTLI_MAX_QUALITY;
        const params = { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: size };
        await writeWhole(`${path}.br`, await brotli(body, { params }));
        await writeWhole(`${path}.gz`, await gzipAsync(body, { level: 9 }));
      }),
  );
}
