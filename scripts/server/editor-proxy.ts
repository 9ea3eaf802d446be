// The web editor's local mode: Decap's own proxy (decap-server) answers /admin/api/v1 inside `npm start`, reading
// and writing the Markdown files under `contentRoot`. Only pages of this server may call it: another site open in
// the same browser must not write files on this machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import decapServer from 'decap-server/dist/middlewares.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** Why a request may not use the proxy, or undefined when it may: same origin, on a loopback address. */
export function refusal(headers: IncomingMessage['headers']): string | undefined {
  const host = headers.host ?? '';
  if (!LOOPBACK.test(host))
    return 'The editor saves only through this computer’s own address (127.0.0.1 or localhost).';
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'Only the editor of this server may save files.';
  return undefined;
}

export async function createEditorProxy(contentRoot: string): Promise<Handler> {
  const app = express();
  // decap-server reads the folder it serves from this variable when it registers its routes.
  process.env['GIT_REPO_DIRECTORY'] = contentRoot;
  await decapServer.registerLocalFs(app, { logLevel: 'warn' });
  return (req, res) => {
    const why = refusal(req.headers);
    if (why) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(why);
      return;
    }
    req.url = '/api/v1';
    app(req, res);
  };
}
