// Debian Chromium for every browser the project starts: Playwright tests and the bench (DESIGN.md §2).
// The host resolver rule makes every name but 127.0.0.1 fail to resolve, so nothing a page or Chromium asks for
// can leave the machine.
export const CHROME_PATH = process.env['CHROME_PATH'] || '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
