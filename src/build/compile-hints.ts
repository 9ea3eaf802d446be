import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type OutputChunk = { type: 'chunk'; name: string; fileName: string } | { type: 'asset'; fileName: string };
type WriteContext = { environment?: { name: string } };

export function compileHints(chunkNames: RegExp) {
  return {
    name: 'compile-hints',
    // Written files: Vite tops chunks with its preload map after every generateBundle.
    writeBundle(this: WriteContext, options: { dir?: string }, bundle: Record<string, OutputChunk>) {
      if (this.environment?.name !== 'client' || !options.dir) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunkNames.test(chunk.name)) continue;
        const file = join(options.dir, chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, `${COMPILE_HINT}\n${code}`);
      }
    },
  };
}
