// Tap to paint on the purchase path, on a phone: tap Checkout in the cart drawer → /checkout painted, and tap
// Approve in the wallet → /thank-you painted (less the capture's round trip, which must stay). Chromium runs with
// no DevTools connection at all (it does not prerender while DevTools is attached), so the pages report their own
// times (taps/driver.js) through the phone's network (taps/phone-link.ts: 150 ms round trip, 1.6 Mbps down). The
// main thread of each page is slowed 4x (slowMainThreads), where the machine allows it.
//   node scripts/bench/taps.ts --origin=http://127.0.0.1:4330 [--runs=3]   (against a running `npm start`)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_FLAGS, CHROME_PATH } from '../chromium.ts';
import { startPhoneLink, type PhoneLink, type Report } from './taps/phone-link.ts';
import { freePort } from './site.ts';

export const PHONE_NETWORK = { rttMs: 150, downlinkBytesPerSecond: 1_600_000 / 8 };
const CPU_SLOWDOWN = 4;
const RUN_TIMEOUT_MS = 90_000;
const PHONE_WINDOW = '--window-size=412,823';

export interface TapRun {
  /** Tap on Checkout in the drawer → /checkout's largest paint. */
  checkoutMs: number;
  /** Tap on Approve → /thank-you's largest paint, less the capture's round trip. */
  thankYouMs: number;
  captureMs: number;
  prerendered: { checkout: boolean; thankYou: boolean };
}

/**
 * Slows each page's main thread 4x, as DevTools' CPU throttling does (compositing, raster and the browser's other
 * processes keep their speed): the main thread of every renderer of this run's profile is moved, as it starts,
 * into a Linux cpu cgroup of its own with a quarter of one core; threads it starts later are moved back out.
 * Undefined where the machine does not allow it (not root, no cgroup v1 cpu controller).
 */
function slowMainThreads(profile: string): { stop: () => void } | undefined {
  const root = '/sys/fs/cgroup/cpu';
  const base = join(root, `storefront-bench-${process.pid}`);
  try {
    mkdirSync(base, { recursive: true });
  } catch {
    return undefined;
  }
  const slowed = new Set<string>();
  const tick = () => {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && !slowed.has(name))) {
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!cmdline.includes('--type=renderer') || !cmdline.includes(profile)) continue;
      slowed.add(pid);
      const dir = join(base, pid);
      try {
        mkdirSync(dir);
        writeFileSync(join(dir, 'cpu.cfs_period_us'), '100000');
        writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(100000 / CPU_SLOWDOWN));
        writeFileSync(join(dir, 'tasks'), pid); // the main thread's id is the process id
      } catch {
        /* gone already */
      }
    }
    for (const pid of slowed) {
      try {
        for (const tid of readFileSync(join(base, pid, 'tasks'), 'utf8').split('\n')) {
          if (tid && tid !== pid) writeFileSync(join(root, 'tasks'), tid);
        }
      } catch {
        /* the process has exited */
      }
    }
  };
  const timer = setInterval(tick, 10);
  return {
    stop: () => {
      clearInterval(timer);
      for (const pid of slowed) {
        try {
          rmdirSync(join(base, pid));
        } catch {
          /* still holds a thread: the kernel keeps it until it exits */
        }
      }
    },
  };
}

async function oneRun(link: PhoneLink): Promise<TapRun & { cpuSlowed: boolean }> {
  link.reset();
  const profile = mkdtempSync(join(tmpdir(), 'storefront-taps-'));
  const cpu = slowMainThreads(profile);
  const chrome = spawn(
    CHROME_PATH,
    ['--headless=new', ...CHROME_FLAGS, `--user-data-dir=${profile}`, PHONE_WINDOW, `${link.origin}/`],
    { stdio: 'ignore', detached: true },
  );
  try {
    const failed = link
      .waitFor((r) => r.kind === 'failed', RUN_TIMEOUT_MS)
      .then((r) => {
        throw new Error(`the page's driver failed: ${String(r['error'])}`);
      });
    const shown = (path: string) =>
      Promise.race([failed, link.waitFor((r) => r.kind === 'shown' && r.path === path, RUN_TIMEOUT_MS)]);
    const [checkout, thankYou] = [await shown('/checkout'), await shown('/thank-you')];
    const tap = (target: string) => link.reports.find((r) => r.kind === 'tap' && r['target'] === target) as Report;
    const captureMs = link.captures.at(-1);
    if (captureMs === undefined) throw new Error('no capture went through the phone link');
    return {
      checkoutMs: Number(checkout['paintedAt']) - Number(tap('/checkout')['at']),
      thankYouMs: Number(thankYou['paintedAt']) - Number(tap('/thank-you')['at']) - captureMs,
      captureMs,
      prerendered: { checkout: checkout['prerendered'] === true, thankYou: thankYou['prerendered'] === true },
      cpuSlowed: cpu !== undefined,
    };
  } finally {
    try {
      process.kill(-chrome.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    // A cgroup can be removed once its threads have exited.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cpu?.stop();
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** `runs` runs against the demo server at `upstream`; a failed run is reported by its error. */
export async function measureTaps(
  upstream: string,
  runs: number,
): Promise<{ runs: TapRun[]; failedRuns: string[]; cpuSlowed: boolean }> {
  const link = await startPhoneLink(await freePort(), { upstream, ...PHONE_NETWORK });
  const result = { runs: [] as TapRun[], failedRuns: [] as string[], cpuSlowed: true };
  try {
    for (let i = 0; i < runs; i++) {
      try {
        const { cpuSlowed, ...run } = await oneRun(link);
        result.cpuSlowed &&= cpuSlowed;
        result.runs.push(run);
      } catch (error) {
        result.failedRuns.push((error as Error).message);
      }
    }
  } finally {
    await link.close();
    try {
      rmdirSync(`/sys/fs/cgroup/cpu/storefront-bench-${process.pid}`);
    } catch {
      /* none was made, or a run's group still holds a thread */
    }
  }
  return result;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { origin: { type: 'string' }, runs: { type: 'string', default: '3' } } });
  if (!values.origin) throw new Error('Usage: node scripts/bench/taps.ts --origin=http://127.0.0.1:4330 [--runs=3]');
  console.log(JSON.stringify(await measureTaps(values.origin, Number(values.runs)), null, 2));
}
