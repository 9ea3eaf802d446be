// One payment per cart across this browser's tabs. A tab holds a Web Lock for as long as its attempt is in flight,
// from the order's creation to the capture's outcome. A Web Lock, not a flag in storage, because the browser
// releases it by itself when the tab closes or crashes: a flag would block the cart until someone cleared it.
// Other tabs learn that the lock was taken from a message on a BroadcastChannel, and that it was released by
// waiting for it. What outlives the tab (an approved payment not yet confirmed) is kept in storage instead
// (pending-store.ts). A browser without Web Locks keeps one attempt per page only.
import { atom } from 'nanostores';
import { config } from '../../config.ts';

const LOCK_NAME = `haven-payment:${config.productLink}`;
const CHANNEL_NAME = LOCK_NAME;

/** True while another tab of this browser holds the cart's payment lock. */
export const $payingElsewhere = atom(false);

let mine = false;
let channel: BroadcastChannel | undefined;
let watching = false;

const locks = (): LockManager | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;

/** Whether this browser can keep tabs apart with a lock (Web Locks). */
export const webLocks = (): boolean => locks() !== undefined;

/** Marks the lock as held elsewhere until it is free again (granted to a shared request that waits for it). */
function waitForRelease(manager: LockManager): void {
  if ($payingElsewhere.get()) return;
  $payingElsewhere.set(true);
  manager
    .request(LOCK_NAME, { mode: 'shared' }, () => undefined)
    .catch(() => undefined)
    .finally(() => $payingElsewhere.set(false));
}

/** Starts following other tabs' payments, once per page: who holds the lock now, and who takes it later. */
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

/**
 * Takes the cart's payment lock if no other tab holds it: resolves with the function that gives it back, or null
 * when another tab is paying. Without Web Locks, always granted.
 */
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
        // A browser that refuses the request (storage blocked for this site) keeps one attempt per page.
        console.warn('Wallet: could not coordinate with other tabs.', error);
        resolve(() => undefined);
      });
  });
}
