// `npm start`: the demo backend, the fake wallet SDK, the demo images and the built storefront from one Node
// process on 127.0.0.1:$PORT (4321). Builds the site against the running demo API first.
//   --build-only   build dist/ against a temporary demo server on PORT, then exit (tests, bench)
//   --no-build     serve the existing dist/
//   --dist=<dir>   build to / serve from another directory
//   --content-root=<dir>  build and edit <dir>/src/content instead of this repository's (tests edit a copy)
// While serving, /admin edits the Markdown of src/content through a local proxy, and any change there (saved by
// the editor or by hand) rebuilds the site; the previous build is served until the new one is ready.
// Environment: PORT, DEMO_CATALOG (catalogue file), DEMO_SCENARIO (docs/demo-backend.md lists them), and the
// build variables of the README (API_BASE_URL, PUBLIC_*, SITE_URL).
import { existsSync, watch } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CatalogError,
  createDemoBackend,
  DEFAULT_CATALOG_PATH,
  loadCatalogFile,
  parseScenario,
  ScenarioError,
} from '@haven/commerce-client/mock';
import { readContent } from '../src/build/index.ts';
import { runAstroBuild, stopAstroBuild } from './server/astro-build.ts';
import { buildEnv, ConfigError, parseArgs, parsePort, siteBase } from './server/config.ts';
import { DemoServer, PortInUseError } from './server/demo-server.ts';
import { createEditorProxy } from './server/editor-proxy.ts';
import { precompress } from './server/precompress.ts';
import { rebuildOnChange } from './server/rebuilds.ts';
import { storePricing } from './server/store-pricing.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function setup() {
  try {
    const args = parseArgs(process.argv.slice(2));
    const port = parsePort(process.env['PORT']);
    const catalogPath = process.env['DEMO_CATALOG'] || DEFAULT_CATALOG_PATH;
    const catalog = loadCatalogFile(catalogPath);
    const scenarioText = process.env['DEMO_SCENARIO'] ?? '';
    const scenario = parseScenario(scenarioText);
    return { args, port, catalog, catalogPath, scenarioText, scenario };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CatalogError) fail(error.message);
    if (error instanceof ScenarioError) fail(`DEMO_SCENARIO: ${error.message}`);
    throw error;
  }
}

const { args, port, catalog, catalogPath, scenarioText, scenario } = setup();
const distDir = args.distDir ?? join(root, 'dist');
const contentRoot = args.contentRoot ?? root;
const contentDir = join(contentRoot, 'src', 'content');
if (!existsSync(contentDir)) fail(`--content-root: ${contentRoot} has no src/content folder`);
/** The demo charges by the store's settings, read again after each rebuild. */
async function chargedPricing() {
  const pricing = await storePricing(contentRoot);
  if (typeof pricing === 'string') console.warn(`Demo backend: ${pricing}; charging by the seed store's figures.`);
  return typeof pricing === 'string' ? undefined : pricing;
}
// SITE_URL with a path (https://owner.github.io/shop) builds the shop for that path, served here under it too.
const base = siteBase(process.env['SITE_URL']);
const backend = createDemoBackend({ catalog, scenario, pricing: await chargedPricing() });

function createServer(editorProxy?: Awaited<ReturnType<typeof createEditorProxy>>): DemoServer {
  return new DemoServer({
    handlers: backend.handlers,
    imagesDir: join(root, 'client', 'mock', 'images'),
    sdkFile: join(root, 'client', 'mock', 'wallet', 'sdk.js'),
    editorProxy,
    base,
  });
}

async function listen(server: DemoServer, listenPort: number): Promise<string> {
  try {
    return await server.listen(listenPort);
  } catch (error) {
    if (error instanceof PortInUseError) {
      fail(`${error.message} Stop the program using it, or pick another port: PORT=${error.port + 1} npm start`);
    }
    throw error;
  }
}

let server: DemoServer | undefined;
let stopping = false;

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) process.exit(1); // a second Ctrl-C does not wait
  stopping = true;
  console.log(`\n${signal}: stopping the storefront server.`);
  stopAstroBuild();
  await server?.close();
  process.exit(0);
}
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

function astroEnv(origin: string): NodeJS.ProcessEnv {
  const env = buildEnv(process.env, origin, origin, catalog);
  if (args.contentRoot) env['CONTENT_ROOT'] = args.contentRoot;
  return env;
}

/** Builds the site against the demo API at `origin`; resolves false when a signal stopped it. */
async function build(origin: string): Promise<boolean> {
  const env = astroEnv(origin);
  console.log(`Building the storefront into ${distDir} against the API at ${env['API_BASE_URL']} ...`);
  const code = await runAstroBuild(root, distDir, env);
  if (stopping) return false;
  if (code !== 0) {
    await server?.close();
    fail(`The storefront build failed (astro build exited with code ${code}); see its output above.`);
  }
  return true;
}

console.log(
  `Demo backend: catalogue ${catalogPath} (${catalog.products.length} product(s), store ${catalog.store.id}), ` +
    `scenario ${scenarioText.trim() || 'none'}`,
);

if (args.mode === 'build-only') {
  // Same port as the site will be served on: the build bakes the API's origin into image URLs and allows it
  // for image optimisation, so a build made here is servable by `--no-build` on the same PORT.
  server = createServer();
  const origin = await listen(server, port);
  if (await build(origin)) {
    await server.close();
    console.log(`Built the storefront into ${distDir}`);
  }
} else {
  if (args.mode === 'no-build' && !existsSync(join(distDir, 'index.html'))) {
    fail(`${distDir} has no index.html to serve: build it first (npm start, or node scripts/start.ts --build-only)`);
  }
  server = createServer(args.mode === 'serve' ? await createEditorProxy(contentRoot) : undefined);
  const origin = await listen(server, port);
  if (args.mode === 'serve') server.markBuilding();
  if (args.mode === 'no-build' || (await build(origin))) {
    await server.serveSite(distDir);
    console.log(`Storefront ready at ${origin}${base}`);
    if (args.mode === 'serve') {
      watchContent(origin);
      console.log(`Content editor at ${origin}${base}/admin/ (saves to ${contentDir})`);
    }
  }
}

/**
 * Rebuilds after the content changes, into a folder beside dist/ that then takes its place, so shoppers and the
 * open editor are served the previous build meanwhile. A failed build (a rule only the whole site can check,
 * such as two sections with one position) keeps the previous build and says why in this terminal.
 */
function watchContent(origin: string): void {
  let timer: NodeJS.Timeout | undefined;
  const rebuilds = rebuildOnChange({
    build: async () => {
      const next = `${distDir}.next`;
      const previous = `${distDir}.previous`;
      console.log('Content changed: rebuilding the storefront ...');
      await rm(next, { recursive: true, force: true });
      const code = await runAstroBuild(root, next, astroEnv(origin));
      if (stopping) return false;
      if (code !== 0) {
        console.error('The rebuild failed (see above); the storefront still serves the previous text.');
        return false;
      }
      await precompress(next);
      // Read before the swap and set with it: pages priced by the new figures are charged by them.
      const pricing = await chargedPricing();
      await rm(previous, { recursive: true, force: true });
      await rename(distDir, previous);
      await rename(next, distDir);
      if (pricing) backend.setPricing(pricing);
      await server?.serveSite(distDir);
      await rm(previous, { recursive: true, force: true });
      console.log(`Rebuilt: the storefront at ${origin}${base} shows the change.`);
      return true;
    },
    content: async () => (await readContent(contentDir)).fingerprint,
  });
  // Editors save one file at a time, but a git checkout changes many: one rebuild for a burst of changes.
  watch(contentDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => rebuilds.changed(), 300);
  });
}
