// This page's attempt and the wallet buttons' notices, which its islands read; the machine (attempt.ts) decides them
// and loads with the wallet.
import { atom } from 'nanostores';
import type { Attempt, WalletNotice } from './attempt.ts';

export const $attempt = atom<Attempt | null>(null);
export const $walletNotice = atom<WalletNotice | null>(null);

export function dismissNotice(owner: string): void {
  if ($walletNotice.get()?.owner === owner) $walletNotice.set(null);
}
