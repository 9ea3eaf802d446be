// What the build and the tools read of payment in Node.
export { WALLET_PAGES } from './button/wallets.ts';
export type { WalletPage } from './wallet/page.ts';
