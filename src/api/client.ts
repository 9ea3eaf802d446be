// One backend client for every island, loaded on first use so a first visit does not pay for its code.
import { config } from '../config.ts';
import type { CommerceClient } from '@haven/commerce-client';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@haven/commerce-client/storage-keys';

let client: Promise<CommerceClient> | undefined;

export function getApi(): Promise<CommerceClient> {
  client ??= import('@haven/commerce-client').then(({ createCommerceClient }) =>
    createCommerceClient({ baseUrl: config.apiBaseUrl }),
  );
  return client;
}

/** Without a token, calls that need one are refused. */
export function holdsToken(): boolean {
  try {
    return !!(localStorage.getItem(ACCESS_TOKEN_KEY) || localStorage.getItem(REFRESH_TOKEN_KEY));
  } catch {
    return false; // unreadable storage holds nothing the client could send
  }
}

/** A refresh token but no access token: the next call refreshes first. */
export function refreshDue(): boolean {
  try {
    return !localStorage.getItem(ACCESS_TOKEN_KEY) && !!localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return false;
  }
}
