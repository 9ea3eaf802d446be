// Tries the nginx recipe of docs/deploy.md for real: runs Debian's nginx on loopback with docs/nginx/*.conf
// (only listen addresses, root and a throw-away certificate changed) against a built dist/, and checks what it
// answers (scripts/check-nginx/probe.ts). Not part of `npm test`: it needs nginx (apt-get install -y nginx).
//   node scripts/check-nginx.ts [--dist=<dir>] [--port=<https port>]   (plain HTTP on the next port)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasHttp2Directive, HEADERS_CONF, loopbackMainConf, loopbackSiteConf, readDoc, SITE_CONF } from './check-nginx/config.ts';
import { probeSite } from './check-nginx/probe.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string) => process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const distDir = resolve(arg('dist') ?? join(root, 'dist'));
const httpsPort = Number(arg('port') ?? 4740);
const nginx = process.env['NGINX'] ?? '/usr/sbin/nginx';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!existsSync(nginx)) fail(`nginx not found at ${nginx}. Install it (apt-get install -y nginx) or set NGINX.`);
if (!existsSync(join(distDir, 'index.html'))) fail(`${distDir} has no built site: run npm run build:demo first, or pass --dist=<dir>.`);

const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim();
const prefix = mkdtempSync(join(tmpdir(), 'check-nginx-'));
mkdirSync(join(prefix, 'snippets'));
copyFileSync(HEADERS_CONF, join(prefix, 'snippets', 'haven-headers.conf'));
const cert = join(prefix, 'cert.pem');
const key = join(prefix, 'key.pem');
const openssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert]);
if (openssl.status !== 0) fail(`openssl could not make a test certificate: ${openssl.stderr}`);
const site = loopbackSiteConf(readDoc(SITE_CONF), {
  httpPort: httpsPort + 1,
  httpsPort,
  distDir,
  certFile: cert,
  keyFile: key,
  http2Directive: hasHttp2Directive(version),
});
writeFileSync(join(prefix, 'site.conf'), site);
writeFileSync(join(prefix, 'nginx.conf'), loopbackMainConf(prefix, process.getuid?.() === 0));

const conf = join(prefix, 'nginx.conf');
const test = spawnSync(nginx, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
if (test.status !== 0) fail(`nginx refuses the configuration:\n${test.stderr}`);

const server = spawn(nginx, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
const stop = () => {
  server.kill('SIGQUIT');
  rmSync(prefix, { recursive: true, force: true });
};

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((res) => {
      const socket = connect(port, '127.0.0.1', () => res(socket.end() && true)).on('error', () => res(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port}`);
}

try {
  await listening(httpsPort);
  console.log(`${version}, ${hasHttp2Directive(version) ? '`http2 on;`' : '`listen ... ssl http2;` (before 1.25.1)'}; site ${distDir}`);
  const results = await probeSite({ httpsOrigin: `https://127.0.0.1:${httpsPort}`, httpOrigin: `http://127.0.0.1:${httpsPort + 1}`, distDir });
  for (const r of results) {
    console.log(`${r.problems.length ? 'FAIL' : 'ok  '}  ${r.name}`);
    for (const p of r.problems) console.log(`        ${p}`);
  }
  const failed = results.filter((r) => r.problems.length).length;
  console.log(failed ? `\n${failed} of ${results.length} checks failed.` : `\nAll ${results.length} checks passed.`);
  process.exitCode = failed ? 1 : 0;
} finally {
  stop();
}
