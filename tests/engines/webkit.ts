// WebKit: WebKitGTK's MiniBrowser (the engine family of Safari 26), driven by webdriverio through Debian's
// WebKitWebDriver, full-screen on an Xvfb display of the window's size. A fresh tab is the session's first window with
// its storage and cookies cleared.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Key, remote } from 'webdriverio';
import { SHOP, type Session, type Tab, type Window, HYDRATED, until } from './engine.ts';

const MINIBROWSER = process.env['MINIBROWSER_PATH'] || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * An Xvfb display of the window's size, the browser full-screen on it: a display of its own, since X gives the keyboard
 * to the screen under the pointer, and WebKit shows focus rings only in a window that has the keyboard.
 */
function display(window: Window): Promise<{ name: string; stop: () => void }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', `${window.width}x${window.height}x24`],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let number = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (number.endsWith('\n')) resolve({ name: `:${number.trim()}`, stop: () => xvfb.kill() });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

const KEYS = { Tab: Key.Tab, Escape: Key.Escape, Enter: Key.Enter } as const;

/** WebKitGTK's own capability, which webdriverio's types do not list; classic WebDriver, which is what it speaks. */
const CAPABILITIES: WebdriverIO.Capabilities = Object.assign(
  { 'wdio:enforceWebDriverClassic': true },
  { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] } },
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * WebKitWebDriver gives no access to the page's console: a listener installed at the load event records uncaught
 * errors, console errors and refusals of the page policy from then on (Chromium's and Firefox's tests see the load).
 */
const WATCH = `if (!window.__seen) {
  window.__seen = [];
  addEventListener('error', (e) => window.__seen.push('error: ' + e.message));
  addEventListener('unhandledrejection', (e) => window.__seen.push('rejection: ' + e.reason));
  document.addEventListener('securitypolicyviolation', (e) => window.__seen.push('policy: ' + e.violatedDirective + ' ' + e.blockedURI));
  const error = console.error;
  console.error = (...args) => { window.__seen.push('console: ' + args.join(' ')); error.apply(console, args); };
}`;

export async function webkit(window: Window): Promise<Session> {
  const port = await freePort();
  const screen = await display(window);
  const driver: ChildProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: screen.name },
    stdio: 'ignore',
  });
  const browser = await until(
    'WebKitWebDriver to start',
    () =>
      remote({
        hostname: '127.0.0.1',
        port,
        // Refused connections while the driver starts are expected: `until` asks again.
        logLevel: 'silent',
        connectionRetryCount: 0,
        capabilities: CAPABILITIES,
      }),
    Boolean,
  );
  await browser.setWindowSize(window.width, window.height);
  const [width, height] = await browser.execute(() => [innerWidth, innerHeight]);
  if (width !== window.width || height !== window.height)
    throw new Error(`WebKit's viewport is ${width} × ${height}, not the ${window.width} × ${window.height} asked for`);
  const main = await browser.getWindowHandle();

  function tab(handle: string): Tab {
    const here = async () => {
      if ((await browser.getWindowHandle()) !== handle) await browser.switchToWindow(handle);
    };
    const hydrated = async () => {
      await until('the islands to hydrate', () => browser.execute(`return ${HYDRATED}`), Boolean);
      await browser.execute(WATCH);
    };
    return {
      async goto(path) {
        await here();
        await browser.url(new URL(path, SHOP).href);
        await hydrated();
      },
      async reload() {
        await here();
        await browser.refresh();
        await hydrated();
      },
      url: async () => (await here(), browser.getUrl()),
      async click(selector) {
        await here();
        const element = await browser.$(selector).getElement();
        await element.waitForClickable({ timeout: 15_000 });
        // Clicked where it rests: no time-based animation (a sliding drawer) runs on it or a box it is in, and its box
        // is the same across two frames. Under load WebKit reports a slide finished before the frame that puts the
        // box at its end, and the click would go where the box was; two positions read without a frame in between
        // would not tell either.
        await until(
          `${selector} to stop moving`,
          () =>
            browser.execute(
              (target: Element) =>
                new Promise<boolean>((resolve) => {
                  const moving = () => {
                    for (let box: Element | null = target; box; box = box.parentElement) {
                      const running = box
                        .getAnimations()
                        .some((a) => a.timeline === document.timeline && a.playState === 'running');
                      if (running) return true;
                    }
                    return false;
                  };
                  if (moving()) return resolve(false);
                  const before = target.getBoundingClientRect();
                  requestAnimationFrame(() =>
                    requestAnimationFrame(() => {
                      const after = target.getBoundingClientRect();
                      resolve(!moving() && after.x === before.x && after.y === before.y);
                    }),
                  );
                }),
              element as unknown as Element,
            ),
          Boolean,
        );
        await element.click();
      },
      press: async (key) => (await here(), browser.keys(KEYS[key])),
      // Counted in the page, in one step: element handles go stale when an island replaces what they point at.
      count: async (selector) => (
        await here(),
        browser.execute(
          (query: string) =>
            query.startsWith('/')
              ? document.evaluate(query, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength
              : document.querySelectorAll(query).length,
          selector,
        )
      ),
      visible: async (selector) => (await here(), browser.$(selector).isDisplayed()),
      text: async (selector) => (await here(), browser.$(selector).getProperty('textContent') as Promise<string>),
      evaluate: async <T>(script: string) => (await here(), browser.execute(`return (${script});`) as Promise<T>),
      screenshot: async (file) => (await here(), void (await browser.saveScreenshot(file))),
      errors: async () => (
        await here(),
        browser.execute(() => (window as unknown as { __seen?: string[] }).__seen ?? [])
      ),
      // Closing a window ends MiniBrowser's automation session: another tab is left open, and the main one used.
      close: () => browser.switchToWindow(main),
    };
  }

  return {
    engine: 'webkit',
    window,
    async freshTab(cookies = {}) {
      await browser.switchToWindow(main);
      await browser.url(`${SHOP}/links`);
      await browser.execute(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await browser.deleteAllCookies();
      for (const [name, value] of Object.entries(cookies)) await browser.setCookies({ name, value, path: '/' });
      return tab(main);
    },
    async secondTab() {
      const { handle } = await browser.newWindow(`${SHOP}/links`, { type: 'window' });
      return tab(handle);
    },
    async close() {
      await browser.deleteSession();
      driver.kill();
      screen.stop();
    },
  };
}
