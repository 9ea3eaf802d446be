// An analytics event sent with a request that outlives the page (fetch with keepalive), without the typed client:
// a page can count a view as it is closed, and without loading openapi-fetch. It goes out as the client would send
// it: JSON headers and the bearer token from storage. Fire-and-forget: a failure is logged, never thrown.
import type { AnalyticsTrackRequest } from './index.ts';
import { ACCESS_TOKEN_KEY } from './storage-keys.ts';
import type { TokenStorage } from './storage.ts';

export interface BeaconOptions {
  /** Where the access token is read; default localStorage, which may be missing or throw on access. */
  storage?: Pick<TokenStorage, 'getItem'>;
  /** Default globalThis.fetch, looked up on every call. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

function accessToken(storage: BeaconOptions['storage']): string {
  try {
    return (storage ?? localStorage).getItem(ACCESS_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/** `POST {baseUrl}/analytics/track?storeId=`; resolves to whether the backend took it, never rejects. */
export async function trackBeacon(
  baseUrl: string,
  storeId: string,
  body: AnalyticsTrackRequest,
  options: BeaconOptions = {},
): Promise<boolean> {
  try {
    const response = await (options.fetch ?? fetch)(
      `${baseUrl.replace(/\/+$/, '')}/analytics/track?storeId=${encodeURIComponent(storeId)}`,
      {
        method: 'POST',
        keepalive: true,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${accessToken(options.storage)}`,
        },
        body: JSON.stringify(body),
      },
    );
    // The answer is read to its end though unused: until then the browser counts the request as still loading.
    await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return true;
  } catch (error) {
    console.warn(`Analytics: could not record ${body.event}.`, error);
    return false;
  }
}
