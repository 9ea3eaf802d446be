// One payment per cart across tabs: a Web Lock from order create to capture outcome, which the browser frees when a
// tab dies (a storage flag would block the cart). Without Web Locks, one attempt per page.
import { atom } from 'nanostores';
import { config } from '../../../config.ts';

const LOCK_NAME = `haven-payment:${config.productLink}`;
const CHANNEL_NAME = LOCK_NAME;

export const $payingElsewhere = atom(false);

let mine = false;
let channel: BroadcastChannel | undefined;
let watching = false;

const locks = (): LockManager | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;

export const webLocks = (): boolean => locks() !== undefined;

/** Held elsewhere until a shared request waiting for it is granted. */
function waitForRelease(manager: LockManager): void {
  if ($payingElsewhere.get()) return;
  $payingElsewhere.set(true);
  manager
    .request(LOCK_NAME, { mode: 'shared' }, () => undefined)
    .catch(() => undefined)
    .finally(() => $payingElsewhere.set(false));
}

export function watchOtherTabs(): void {
  const manager = locks();
  if (watching || !manager) return;
  watching = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === 'taken' && !mine) waitForRelease(manager);
    };
  }
  manager
    .query()
    .then((state) => {
      if (!mine && state.held?.some((lock) => lock.name === LOCK_NAME)) waitForRelease(manager);
    })
    .catch(() => undefined);
}

/** Null when another tab is paying. */
export function takePaymentLock(): Promise<(() => void) | null> {
  const manager = locks();
  if (!manager) return Promise.resolve(() => undefined);
  watchOtherTabs();
  return new Promise((resolve) => {
    manager
      .request(LOCK_NAME, { ifAvailable: true }, (lock) => {
        if (!lock) {
          waitForRelease(manager);
          resolve(null);
          return undefined;
        }
        mine = true;
        channel?.postMessage('taken');
        return new Promise<void>((release) => {
          resolve(() => {
            mine = false;
            release();
          });
        });
      })
      .catch((error: unknown) => {
        // Storage blocked for this site: one attempt per page.
        console.warn('Wallet: could not coordinate with other tabs.', error);
        resolve(() => undefined);
      });
  });
}
