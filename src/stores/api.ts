// The browser's handle on the backend client. Loaded on first use, not with the page, so a first visit does
// not pay for the client's code; every island shares one client instance.
import { config } from '../config.ts';
import type { CommerceClient } from '../../client/index.ts';

let client: Promise<CommerceClient> | undefined;

export function getApi(): Promise<CommerceClient> {
  client ??= import('../../client/index.ts').then(({ createCommerceClient }) => createCommerceClient({ baseUrl: config.apiBaseUrl }));
  return client;
}
