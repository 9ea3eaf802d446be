// What a wallet's button asks of the pages, as data the build, the headers and the tools read in Node.
export interface WalletPage {
  name: string;
  /** Origins of its SDK, frames, calls and images. */
  hosts: readonly string[];
  paymentOrigins: readonly string[];
  sdkScript: RegExp;
  providerHosts: RegExp;
  drawnButton: string;
  settings: readonly WalletSetting[];
  sdkUrlSetting: string;
  settingsHint: string;
  /** The looser policy its provider recommends: these hosts, and 'unsafe-inline'. */
  recommended: { setting: string; value: string; hosts: readonly string[]; adds: string; guide: string };
}

interface WalletSetting {
  name: string;
  context: 'client' | 'server';
  values?: readonly [string, ...string[]];
  optional?: boolean;
  default?: string;
  demo?: string;
}
