// The import rules of .dependency-cruiser.cjs catch what they are there for: each case below writes a few files
// into a throwaway tree shaped like src/ and runs dependency-cruiser on it with the project's own configuration.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
let tree: string | undefined;

/** Runs the project's rules on a tree of `files` (path → source); returns the names of the rules broken. */
function brokenRules(files: Record<string, string>, dirs = ['src']): string[] {
  tree = mkdtempSync(join(tmpdir(), 'import-rules-'));
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const run = spawnSync(
    process.execPath,
    [depcruise, ...dirs, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
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
  'src/features/payment/paypal/WalletButtonPayPal.tsx':
    'export default function WalletButtonPayPal() { return null; }\n',
};

describe('the import rules', () => {
  it('let a load-on-use module be reached through import()', () => {
    expect(
      brokenRules({
        ...walletButton,
        'src/features/payment/paypal/wallet.ts': "export const load = () => import('./WalletButtonPayPal.tsx');\n",
      }),
    ).toEqual([]);
  });

  it("keep an adapter's wallet.ts plain data, reaching its adapter by import() only", () => {
    expect(
      brokenRules({
        'src/features/payment/paypal/sdk-options.ts': 'export const options = 1;\n',
        'src/features/payment/paypal/wallet.ts': "export { options } from './sdk-options.ts';\n",
      }),
    ).toEqual(['wallet-entry-stays-light']);
    // The button every placement shows takes the adapter's wallet.ts, not even its button by import().
    expect(
      brokenRules({
        ...walletButton,
        'src/features/payment/button/WalletButton.tsx':
          "export const load = () => import('../paypal/WalletButtonPayPal.tsx');\n",
      }),
    ).toEqual(['wallets-load-on-use']);
  });

  it('refuse a static import of a load-on-use module', () => {
    expect(
      brokenRules({
        ...walletButton,
        'src/features/payment/button/WalletButton.tsx': "export { default } from '../paypal/WalletButtonPayPal.tsx';\n",
      }),
    ).toEqual(['load-on-use', 'wallets-load-on-use']);
  });

  it('refuse two features that depend on each other, even through different modules', () => {
    expect(
      brokenRules({
        'src/features/cart/store.ts': "import { price } from '../product/index.ts';\nexport const total = price;\n",
        'src/features/cart/item.ts': 'export const item = 1;\n',
        'src/features/cart/index.ts': "export { item } from './item.ts';\n",
        'src/features/product/price.ts': 'export const price = 1;\n',
        'src/features/product/index.ts': "export { price } from './price.ts';\n",
        'src/features/product/add.ts': "import { item } from '../cart/index.ts';\nexport const add = item;\n",
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

  it('let the PayPal adapter use the payment core, and refuse the core any part of PayPal but its wallet.ts in the list of wallets and its button by import()', () => {
    const core = { 'src/features/payment/settle/settle.ts': 'export const settle = 1;\n' };
    const adapter = {
      'src/features/payment/paypal/use-wallet-flow.ts':
        "import { settle } from '../settle/settle.ts';\nexport const flow = settle;\n",
    };
    expect(brokenRules({ ...core, ...adapter })).toEqual([]);
    expect(
      brokenRules({
        'src/features/payment/paypal/sdk-options.ts': 'export const options = 1;\n',
        'src/features/payment/attempt/order.ts':
          "import { options } from '../paypal/sdk-options.ts';\nexport const s = options;\n",
      }),
    ).toEqual(['payment-core-without-provider']);
    expect(
      brokenRules({
        'src/features/payment/settle/capture.ts':
          "import type { OnApproveData } from '@paypal/react-paypal-js';\nexport type Approved = OnApproveData;\n",
      }),
    ).toEqual(['payment-core-without-provider']);
    // Any provider's SDK, not only PayPal's: the core is built on a named few packages.
    expect(
      brokenRules({
        'src/features/payment/attempt/order.ts':
          "import { loadStripe } from '@stripe/stripe-js';\nimport type { Order } from '@haven/commerce-client';\n" +
          'export const s = loadStripe;\nexport type O = Order;\n',
      }),
    ).toEqual(['payment-core-without-provider']);
    expect(
      brokenRules({
        'src/features/payment/attempt/order.ts':
          "import type { Order } from '@haven/commerce-client';\nexport type O = Order;\n",
      }),
    ).toEqual([]);
    // The list of wallets takes an adapter's wallet.ts (its id and name) and nothing else of it.
    const described = {
      'src/features/payment/paypal/wallet.ts': "export const paypal = { id: 'paypal', name: 'PayPal' };\n",
      'src/features/payment/paypal/sdk-options.ts': 'export const options = 1;\n',
    };
    expect(
      brokenRules({
        ...described,
        'src/features/payment/button/wallets.ts':
          "import { paypal } from '../paypal/wallet.ts';\nexport const WALLETS = [paypal];\n",
      }),
    ).toEqual([]);
    expect(
      brokenRules({
        ...described,
        'src/features/payment/button/wallets.ts':
          "import { options } from '../paypal/sdk-options.ts';\nexport const WALLETS = [options];\n",
      }),
    ).toEqual(['wallets-load-on-use']);
    // Another core module names no adapter, not even its wallet.ts.
    expect(
      brokenRules({
        ...described,
        'src/features/payment/settle/capture.ts':
          "import { paypal } from '../paypal/wallet.ts';\nexport const w = paypal;\n",
      }),
    ).toEqual(['payment-core-without-provider']);
    // The button every placement shows loads an adapter's button by import(), and nothing else of it.
    expect(
      brokenRules({
        ...described,
        'src/features/payment/button/WalletButton.tsx':
          "import { options } from '../paypal/sdk-options.ts';\nexport const s = options;\n",
      }),
    ).toEqual(['wallets-load-on-use']);
  });

  it('refuse the payment core a lookup in the list of wallets: a payment carries its own', () => {
    expect(
      brokenRules({
        'src/features/payment/paypal/wallet.ts': "export const paypal = { id: 'paypal', name: 'PayPal' };\n",
        'src/features/payment/button/wallets.ts':
          "import { paypal } from '../paypal/wallet.ts';\nexport const WALLETS = [paypal];\n",
        'src/features/payment/notices/messages.ts':
          "import { WALLETS } from '../button/wallets.ts';\nexport const names = WALLETS;\n",
      }),
    ).toEqual(['payment-parts-below-button']);
  });

  it('refuse an import in payment/ that runs back up: to the top, to the button from below it, to the checkout', () => {
    const layers = {
      'src/features/payment/attempt/state.ts': 'export const $attempt = 1;\n',
      'src/features/payment/button/WalletButton.tsx':
        "import { $attempt } from '../attempt/state.ts';\nexport default function WalletButton() { return $attempt; }\n",
      'src/features/payment/checkout/Checkout.tsx':
        "import WalletButton from '../button/WalletButton.tsx';\nexport default function Checkout() { return WalletButton(); }\n",
      'src/features/payment/index.ts': "export { $attempt } from './attempt/state.ts';\n",
      'src/features/payment/Entry.tsx': 'export default function Entry() { return null; }\n',
    };
    expect(brokenRules(layers)).toEqual([]);
    const up = (path: string, to: string) =>
      brokenRules({ ...layers, [path]: `import X from '${to}';\nexport default function Y() { return X(); }\n` });
    expect(up('src/features/payment/notices/Notice.tsx', '../button/WalletButton.tsx')).toEqual([
      'payment-parts-below-button',
    ]);
    expect(up('src/features/payment/paypal/Button.tsx', '../checkout/Checkout.tsx')).toEqual([
      'payment-parts-below-button',
    ]);
    // (Here the two folders also import each other.)
    expect(up('src/features/payment/button/Other.tsx', '../checkout/Checkout.tsx')).toEqual([
      'features-one-way',
      'payment-button-below-checkout',
    ]);
    expect(up('src/features/payment/checkout/Other.tsx', '../Entry.tsx')).toEqual(['payment-imports-run-down']);
  });

  it("refuse two of payment's parts that import each other", () => {
    expect(
      brokenRules({
        'src/features/payment/record/pending.ts': 'export const pending = 1;\n',
        'src/features/payment/record/store.ts':
          "import { settle } from '../settle/settle.ts';\nexport const store = settle;\n",
        'src/features/payment/settle/settle.ts': 'export const settle = 1;\n',
        'src/features/payment/settle/confirm.ts':
          "import { pending } from '../record/pending.ts';\nexport const confirm = pending;\n",
      }),
    ).toEqual(['features-one-way']);
  });

  it("refuse a tool anything of the shop but the build's door", () => {
    const shop = {
      'src/lib/money.ts': 'export const formatUSD = 1;\n',
      'src/build/index.ts': "export { formatUSD } from '../lib/money.ts';\n",
    };
    expect(
      brokenRules(
        {
          ...shop,
          'scripts/diff.ts': "import { formatUSD } from '../src/build/index.ts';\nexport const f = formatUSD;\n",
        },
        ['src', 'scripts'],
      ),
    ).toEqual([]);
    expect(
      brokenRules(
        {
          ...shop,
          'scripts/diff.ts': "import { formatUSD } from '../src/lib/money.ts';\nexport const f = formatUSD;\n",
        },
        ['src', 'scripts'],
      ),
    ).toEqual(['tools-through-the-build-door']);
  });

  describe("a feature's door", () => {
    const cart = {
      'src/features/cart/store.ts': 'export const $cart = 1;\n',
      'src/features/cart/index.ts': "export { $cart } from './store.ts';\n",
      'src/features/cart/actions.ts': "import { $cart } from './store.ts';\nexport const add = $cart;\n",
      'src/features/cart/CartLine.tsx': 'export default function CartLine() { return null; }\n',
    };

    it('lets another feature, a page and a tool in through the door, by a component or by what loads on use', () => {
      expect(
        brokenRules({
          ...cart,
          'src/features/product/add.ts':
            "import { $cart } from '../cart/index.ts';\nexport const add = () => import('../cart/actions.ts');\n" +
            'export const n = $cart;\n',
          'src/features/product/Row.tsx':
            "import CartLine from '../cart/CartLine.tsx';\nexport default function Row() { return CartLine(); }\n",
          'src/pages/cart.json.ts': "import { $cart } from '../features/cart/index.ts';\nexport const n = $cart;\n",
        }),
      ).toEqual([]);
    });

    it('refuses another feature a module behind the door, types included', () => {
      expect(
        brokenRules({
          ...cart,
          'src/features/product/add.ts': "import { $cart } from '../cart/store.ts';\nexport const n = $cart;\n",
        }),
      ).toEqual(['feature-doors']);
      expect(
        brokenRules({
          ...cart,
          'src/features/product/add.ts':
            "import type { $cart } from '../cart/store.ts';\nexport type N = typeof $cart;\n",
        }),
      ).toEqual(['feature-doors']);
    });

    it('refuses pages and build-time code a module behind the door', () => {
      expect(
        brokenRules({
          ...cart,
          'src/build/cart.ts': "import { $cart } from '../features/cart/store.ts';\nexport const n = $cart;\n",
        }),
      ).toEqual(['feature-doors']);
    });

    it("refuses a feature's own module its door", () => {
      expect(
        brokenRules({
          ...cart,
          'src/features/cart/total.ts': "import { $cart } from './index.ts';\nexport const n = $cart;\n",
        }),
      ).toEqual(['door-for-outside']);
    });
  });

  it('refuse browser code anything of src/build', () => {
    expect(
      brokenRules({
        'src/build/product.ts': 'export const loadProduct = 1;\n',
        'src/features/cart/index.ts': "export { loadProduct } from '../../build/product.ts';\n",
      }),
    ).toEqual(['build-time-apart']);
  });

  it('refuse a feature in src/lib', () => {
    expect(
      brokenRules({
        'src/features/cart/item.ts': 'export const item = 1;\n',
        'src/features/cart/index.ts': "export { item } from './item.ts';\n",
        'src/lib/money.ts': "import { item } from '../features/cart/index.ts';\nexport const money = item;\n",
      }),
    ).toEqual(['lib-is-pure']);
  });

  it('keep zod to the editable text, and valibot for every other schema', () => {
    const contentSchema = {
      'src/lib/content-schema.ts': "import { z } from 'astro/zod';\nexport const s = z.string();\n",
    };
    expect(brokenRules(contentSchema)).toEqual([]);
    expect(
      brokenRules(
        {
          ...contentSchema,
          'src/features/cart/storage.ts': "import { z } from 'astro/zod';\nexport const s = z.string();\n",
          'scripts/check-product/manifest.ts': "import { z } from 'zod';\nexport const s = z.string();\n",
        },
        ['src', 'scripts'],
      ),
    ).toEqual(['zod-only-for-content']);
  });
});

describe('the door rule for .astro files, which dependency-cruiser cannot read (ESLint)', () => {
  /** The project's ESLint rules that name a .astro file's `source`, as if it were src/pages/door-check.astro. */
  async function astroImportErrors(source: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: root,
      // Type information is for the type-checked rules, which this check leaves out; the file does not exist.
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { files: ['**/*.astro'], languageOptions: { parserOptions: { project: false } } },
    });
    const [result] = await eslint.lintText(source, { filePath: join(root, 'src/pages/door-check.astro') });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  }

  it("lets a page import a feature's door and its components", async () => {
    expect(
      await astroImportErrors(
        "---\nimport { telHref } from '../features/settings/index.ts';\n" +
          "import CartButton from '../features/cart-drawer/CartButton.tsx';\n---\n" +
          "<a href={telHref('1')}><CartButton /></a>\n",
      ),
    ).toEqual([]);
  });

  it('refuses a page a module behind the door', async () => {
    const errors = await astroImportErrors(
      "---\nimport { contactCards } from '../features/settings/contact.ts';\n---\n<p>{contactCards.length}</p>\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-imports: .*door/);
  });
});
