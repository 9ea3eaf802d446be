// The editor, written into admin/ outside Astro's pages, with a looser policy of its own (its bundle needs inline
// styles and new Function).
import { copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'rolldown';
import { UPLOADS } from '../../lib/content-schema.ts';
import { asBase } from '../../lib/site-path.ts';
import { decapConfig, type EditorBackend } from './decap-config.ts';

export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  // Previews show pictures from anywhere the text links to.
  "img-src 'self' data: blob: https:",
  "connect-src 'self' blob: https://api.github.com",
  "frame-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The repository a host's own build names (Netlify's REPOSITORY_URL, Vercel's Git variables), when on GitHub. */
function hostRepository(env: NodeJS.ProcessEnv): string | undefined {
  const netlify = /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(env['REPOSITORY_URL'] ?? '')?.[1];
  if (netlify) return netlify;
  const [owner, slug] = [env['VERCEL_GIT_REPO_OWNER'], env['VERCEL_GIT_REPO_SLUG']];
  return env['VERCEL_GIT_PROVIDER'] === 'github' && owner && slug ? `${owner}/${slug}` : undefined;
}

export function editorBackend(env: NodeJS.ProcessEnv): EditorBackend | undefined {
  const repo = env['EDITOR_REPO']?.trim() || hostRepository(env);
  if (!repo) return undefined;
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`EDITOR_REPO must be owner/name, got "${repo}"`);
  const authUrl = env['EDITOR_AUTH_URL']?.trim() || undefined;
  if (authUrl && !/^https:\/\//.test(authUrl))
    throw new Error(`EDITOR_AUTH_URL must be an https:// URL, got "${authUrl}"`);
  return { repo, branch: env['EDITOR_BRANCH']?.trim() || 'main', authUrl };
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function page(data: unknown, base: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta http-equiv="content-security-policy" content="${EDITOR_CSP}" />
    <title>Content editor</title>
    <link rel="icon" href="${base}/favicon.svg" type="image/svg+xml" />
    <script type="application/json" id="editor-data">${escapeJson(data)}</script>
    <script type="module" src="${base}/admin/editor.js"></script>
  </head>
  <body>
    <p id="editor-loading" style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem">Loading the editor…</p>
    <div id="editor-problem" role="alert" hidden style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem">
      <h1 style="font-size: 1.25rem">The content editor cannot start</h1>
      <p></p>
    </div>
    <noscript><p style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem">The content editor needs JavaScript.</p></noscript>
  </body>
</html>
`;
}

async function siteStylesheets(outDir: string): Promise<string[]> {
  const html = await readFile(join(outDir, 'policy.html'), 'utf8');
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
}

async function copyDecap(target: string): Promise<void> {
  const source = dirname(fileURLToPath(import.meta.resolve('decap-cms/dist/decap-cms.js')));
  const files = (await readdir(source)).filter((name) => /(^|\.)decap-cms\.js$/.test(name));
  await Promise.all(files.map((name) => copyFile(join(source, name), join(target, name))));
}

async function copyUploads(outDir: string): Promise<void> {
  const source = join(process.env['CONTENT_ROOT'] || '.', UPLOADS.folder);
  if (existsSync(source)) await cp(source, join(outDir, UPLOADS.path), { recursive: true });
}

export function editorIntegration(): AstroIntegration {
  let base = '';
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = asBase(config.base);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const target = join(outDir, 'admin');
        await mkdir(target, { recursive: true });
        const backend = editorBackend(process.env);
        await Promise.all([
          copyDecap(target),
          copyUploads(outDir),
          build({
            input: fileURLToPath(new URL('./editor.ts', import.meta.url)),
            output: { file: join(target, 'editor.js'), format: 'esm', minify: true },
            logLevel: 'warn',
          }),
        ]);
        const data = { config: decapConfig(backend), previewStyles: await siteStylesheets(outDir) };
        await writeFile(join(target, 'index.html'), page(data, base));
        logger.info(
          `${base}/admin: ${backend ? `commits to ${backend.repo} (${backend.branch})` : 'saves through npm start only'}`,
        );
      },
    },
  };
}
