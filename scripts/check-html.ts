// Valid HTML on every built page, part of `npm test`: the W3C Nu HTML Checker (vnu-jar, the validator behind
// validator.w3.org/nu), run offline on Java, errors only.
//   node scripts/check-html.ts [distDir]
// distDir defaults to dist/. Exits 1 when a page has an error, when there is no page, or when Java is missing.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the checker's jar is, as the vnu-jar package says. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

export interface HtmlProblem {
  file: string;
  line: number;
  message: string;
}

export class JavaMissingError extends Error {
  constructor() {
    super('Java is needed for the Nu HTML Checker and was not found: apt-get install -y default-jre-headless');
  }
}

export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/** Every error the Nu checker finds in `files` (warnings and info are left out). */
export async function checkHtml(files: readonly string[]): Promise<HtmlProblem[]> {
  let output: string;
  try {
    // --exit-zero-always: the JSON on stderr is the answer; a non-zero exit would only say "there were errors".
    const result = await run(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    output = result.stderr;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new JavaMissingError();
    throw error;
  }
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === 'error')
    .map((m) => ({
      file: m.url ? decodeURIComponent(new URL(m.url).pathname) : '(unknown file)',
      line: m.lastLine ?? 0,
      message: m.message,
    }));
}

async function main(): Promise<void> {
  const dist = resolve(process.argv[2] ?? 'dist');
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: build first (node scripts/start.ts --build-only).`);
  const files = htmlFiles(dist);
  if (files.length === 0) throw new Error(`${dist} holds no HTML page to check.`);
  const problems = await checkHtml(files);
  for (const p of problems) console.log(`${relative(process.cwd(), p.file)}:${p.line}: ${p.message}`);
  console.log(
    problems.length === 0
      ? `Valid HTML: ${files.length} page(s), no error.`
      : `${problems.length} HTML error(s) in ${new Set(problems.map((p) => p.file)).size} of ${files.length} page(s).`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
