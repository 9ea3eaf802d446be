// The browser's handle on the backend client. Loaded on first use, not with the page, so a first visit does
// not pay for the client's code; every island shares one client instance.
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

/** Whether this browser holds a token the client would send: without one, calls that need it will be refused. */
export function holdsToken(): boolean {
  try {
    return !!(localStorage.getItem(ACCESS_TOKEN_KEY) || localStorage.getItem(REFRESH_TOKEN_KEY));
  } catch {
    return false; // unreadable storage holds nothing the client could send
  }
}

/** Whether the client would refresh before its next call: a refresh token is stored, but no access token. */
export function refreshDue(): boolean {
  try {
    return !localStorage.getItem(ACCESS_TOKEN_KEY) && !!localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return false;
  }
}
