import { describe, expect, it } from 'vitest';
import {
  BudgetConfigError,
  budgetsFor,
  checkBudgets,
  isLooser,
  loadBudgetConfig,
  parseBudgetConfig,
} from './budgets.ts';

const reference = {
  performance: 0.98,
  accessibility: 1,
  bestPractices: 0.95,
  seo: 1,
  lcpMs: 1500,
  tbtMs: 25,
  cls: 0.01,
  jsGzipBytes: 87000,
  cssGzipBytes: 15000,
  walletSdkOnFirstLoad: false,
  lcpToFloor: 1.05,
  mainThreadToFloor: 4,
  interactionMs: 50,
  tapToPaintMs: 100,
};

const withPage = (looser: Record<string, unknown>) => ({ budgets: reference, pages: { '/checkout': { looser } } });

describe('budgets file', () => {
  it('the committed file loads and holds the required budgets for /', () => {
    const config = loadBudgetConfig();
    expect(budgetsFor(config, '/').budgets).toEqual(reference);
  });

  it('gives an unlisted page the reference budgets', () => {
    const config = parseBudgetConfig({ budgets: reference, pages: {} });
    expect(budgetsFor(config, '/policy').budgets).toEqual(reference);
  });

  it('applies a looser value with its reason', () => {
    const config = parseBudgetConfig(withPage({ jsGzipBytes: { value: 95000, reason: 'the wallet button library' } }));
    const page = budgetsFor(config, '/checkout');
    expect(page.budgets.jsGzipBytes).toBe(95000);
    expect(page.reasons.jsGzipBytes).toBe('the wallet button library');
    expect(page.budgets.lcpMs).toBe(1500);
  });

  it('reads exempt audits with their reasons, and refuses one without a reason', () => {
    const config = parseBudgetConfig({
      budgets: reference,
      pages: { '/checkout': { exemptAudits: { 'is-crawlable': 'noindex by design' } } },
    });
    expect(budgetsFor(config, '/checkout').exemptAudits).toEqual({ 'is-crawlable': 'noindex by design' });
    expect(budgetsFor(config, '/').exemptAudits).toEqual({});
    expect(() =>
      parseBudgetConfig({ budgets: reference, pages: { '/checkout': { exemptAudits: { 'is-crawlable': '' } } } }),
    ).toThrow(/needs its reason/);
  });

  it('refuses a looser value without a reason', () => {
    expect(() => parseBudgetConfig(withPage({ jsGzipBytes: { value: 95000 } }))).toThrow(/needs its reason/);
  });

  it('refuses an override that is not looser', () => {
    expect(() =>
      parseBudgetConfig(withPage({ performance: { value: 0.99, reason: 'stricter than the reference' } })),
    ).toThrow(/not looser/);
    expect(() => parseBudgetConfig(withPage({ lcpMs: { value: 1500, reason: 'the same as the reference' } }))).toThrow(
      /not looser/,
    );
  });

  it('refuses unknown keys, missing reference budgets and wrong types', () => {
    expect(() => parseBudgetConfig({ budgets: { ...reference, fidMs: 100 } })).toThrow(BudgetConfigError);
    const { lcpMs: _dropped, ...incomplete } = reference;
    expect(() => parseBudgetConfig({ budgets: incomplete })).toThrow(/lcpMs is missing/);
    expect(() => parseBudgetConfig({ budgets: { ...reference, lcpMs: '1.5s' } })).toThrow(/a number/);
    expect(() => parseBudgetConfig({ budgets: { ...reference, lcpMs: null } })).toThrow(/a number/);
  });

  it('orders looseness by the direction of each budget', () => {
    expect(isLooser('performance', 0.9, 0.98)).toBe(true);
    expect(isLooser('tbtMs', 40, 50)).toBe(false);
    expect(isLooser('walletSdkOnFirstLoad', true, false)).toBe(true);
    expect(isLooser('lcpToFloor', null, 1.2)).toBe(true);
  });
});

describe('checkBudgets', () => {
  const config = parseBudgetConfig(
    withPage({ walletSdkOnFirstLoad: { value: true, reason: 'primary action of the page' } }),
  );

  it('passes figures on the budget and misses figures past it, per direction', () => {
    const checks = checkBudgets(
      config,
      '/',
      { performance: 0.98, lcpMs: 1501, cls: 0.01, walletSdkOnFirstLoad: true },
      ['performance', 'lcpMs', 'cls', 'walletSdkOnFirstLoad'],
    );
    expect(checks.map((c) => [c.key, c.ok])).toEqual([
      ['performance', true],
      ['lcpMs', false],
      ['cls', true],
      ['walletSdkOnFirstLoad', false],
    ]);
  });

  it('allows the wallet SDK where the page says so', () => {
    expect(checkBudgets(config, '/checkout', { walletSdkOnFirstLoad: true }, ['walletSdkOnFirstLoad'])[0]?.ok).toBe(
      true,
    );
  });

  it('counts a budgeted figure that was not measured as a miss', () => {
    const [check] = checkBudgets(config, '/', {}, ['lcpToFloor']);
    expect(check).toMatchObject({ key: 'lcpToFloor', ok: false, actual: undefined });
  });
});
