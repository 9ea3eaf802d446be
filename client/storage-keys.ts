// The browser storage keys of the bearer tokens, apart from the storage helpers, so that code which only reads
// a token (client/beacon.ts, loaded with the product page) does not bring those helpers along.
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
