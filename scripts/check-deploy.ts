// `npm run check-deploy -- <site URL>`: whether the deployed shop can take money, checked in headless Chromium.
// Prints one line per check and exits 0 when all pass, 1 when any fails, 2 on a usage error.
// Usage and options: scripts/check-deploy/args.ts, or `npm run check-deploy -- --help`.
import { checkDeploy } from './check-deploy/run.ts';

// npm runs scripts in the project folder; a relative --report is taken from where the command was typed.
process.exitCode = await checkDeploy(process.argv.slice(2), process.env['INIT_CWD'] ?? process.cwd(), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
