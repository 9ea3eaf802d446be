// decap-server ships no types; this is the one function `npm start` uses (scripts/server/editor-proxy.ts). Its
// CommonJS bundle hides named exports from Node's ESM loader, so it is read as the default export.
declare module 'decap-server/dist/middlewares.js' {
  import type { Express } from 'express';
  const middlewares: { registerLocalFs(app: Express, options?: { logLevel?: string }): Promise<void> };
  export default middlewares;
}
