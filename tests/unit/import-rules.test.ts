// The import rules of .dependency-cruiser.cjs catch what they are there for: each case below writes a few files
// into a throwaway tree shaped like src/ and runs dependency-cruiser on it with the project's own configuration.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
let tree: string | undefined;

/** Runs the project's rules on a tree of `files` (path → source); returns the names of the rules broken. */
function brokenRules(files: Record<string, string>): string[] {
  tree = mkdtempSync(join(tmpdir(), 'import-rules-'));
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const run = spawnSync(
    process.execPath,
    [depcruise, 'src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: tree, encoding: 'utf8' },
  );
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

const walletButton = {
  'src/features/paypal/WalletButtonPayPal.tsx': 'export default function WalletButtonPayPal() { return null; }\n',
};

describe('the import rules', () => {
  it('let a load-on-use module be reached through import()', () => {
    expect(
      brokenRules({
        ...walletButton,
        'src/features/paypal/WalletButton.tsx': "export const load = () => import('./WalletButtonPayPal.tsx');\n",
      }),
    ).toEqual([]);
  });

  it('refuse a static import of a load-on-use module', () => {
    expect(
      brokenRules({
        ...walletButton,
        'src/features/paypal/WalletButton.tsx': "export { default } from './WalletButtonPayPal.tsx';\n",
      }),
    ).toEqual(['load-on-use']);
  });

  it('refuse two features that depend on each other, even through different modules', () => {
    expect(
      brokenRules({
        'src/features/cart/store.ts': "import { price } from '../product/price.ts';\nexport const total = price;\n",
        'src/features/cart/item.ts': 'export const item = 1;\n',
        'src/features/product/price.ts': 'export const price = 1;\n',
        'src/features/product/add.ts': "import { item } from '../cart/item.ts';\nexport const add = item;\n",
      }),
    ).toEqual(['features-one-way']);
  });

  it("refuse a test's helper in shipped code", () => {
    expect(
      brokenRules({
        'src/features/cart/storage.support.ts': 'export const memory = 1;\n',
        'src/features/cart/store.ts': "import { memory } from './storage.support.ts';\nexport const store = memory;\n",
        'src/features/cart/store.test.ts': "import { memory } from './storage.support.ts';\nexport const x = memory;\n",
      }),
    ).toEqual(['support-files-for-tests']);
  });

  it('let the PayPal adapter use the payment core, and refuse the core any part of PayPal', () => {
    const core = { 'src/features/payment/settle.ts': 'export const settle = 1;\n' };
    const adapter = {
      'src/features/paypal/use-wallet-flow.ts':
        "import { settle } from '../payment/settle.ts';\nexport const flow = settle;\n",
    };
    expect(brokenRules({ ...core, ...adapter })).toEqual([]);
    expect(
      brokenRules({
        'src/features/paypal/sdk-options.ts': 'export const options = 1;\n',
        'src/features/payment/start-payment.ts':
          "import { options } from '../paypal/sdk-options.ts';\nexport const s = options;\n",
      }),
    ).toEqual(['payment-core-without-provider']);
    expect(
      brokenRules({
        'src/features/payment/capture.ts':
          "import type { OnApproveData } from '@paypal/react-paypal-js';\nexport type Approved = OnApproveData;\n",
      }),
    ).toEqual(['payment-core-without-provider']);
  });

  it('refuse a feature in src/lib', () => {
    expect(
      brokenRules({
        'src/features/cart/item.ts': 'export const item = 1;\n',
        'src/lib/money.ts': "import { item } from '../features/cart/item.ts';\nexport const money = item;\n",
      }),
    ).toEqual(['lib-is-pure']);
  });
});
