// Loads bench/budgets.json (the one budgets file) and checks measured figures against it. Shared by
// the Lighthouse bench and the deterministic size check, so both read the same byte budgets.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEFAULT_BUDGETS_FILE = fileURLToPath(new URL('../../bench/budgets.json', import.meta.url));

const MIN_KEYS = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
const MAX_KEYS = ['lcpMs', 'tbtMs', 'cls', 'jsGzipBytes', 'cssGzipBytes', 'lcpToFloor'] as const;
const BOOL_KEYS = ['walletSdkOnFirstLoad'] as const;
export const BUDGET_KEYS = [...MIN_KEYS, ...MAX_KEYS, ...BOOL_KEYS] as const;
export const BYTE_KEYS = ['jsGzipBytes', 'cssGzipBytes'] as const;

export type BudgetKey = (typeof BUDGET_KEYS)[number];
/** A number, a boolean for walletSdkOnFirstLoad, or null: not budgeted on that page. */
export type BudgetValue = number | boolean | null;
export type Budgets = Record<BudgetKey, BudgetValue>;

export interface PageBudgets {
  budgets: Budgets;
  /** Why each looser value is looser than the reference page's. */
  reasons: Partial<Record<BudgetKey, string>>;
  /**
   * Lighthouse audits this page fails by design (audit id → reason): category scores are checked as if the audit
   * were not there, so every other audit of the category must still pass.
   */
  exemptAudits: Record<string, string>;
}

export interface BudgetConfig {
  reference: Budgets;
  pages: Map<string, PageBudgets>;
}

export class BudgetConfigError extends Error {}

export interface Check {
  page: string;
  key: BudgetKey;
  budget: number | boolean;
  actual: number | boolean | undefined;
  ok: boolean;
}

function kindOf(key: BudgetKey): 'min' | 'max' | 'bool' {
  if ((MIN_KEYS as readonly string[]).includes(key)) return 'min';
  if ((MAX_KEYS as readonly string[]).includes(key)) return 'max';
  return 'bool';
}

function isKey(key: string): key is BudgetKey {
  return (BUDGET_KEYS as readonly string[]).includes(key);
}

function checkValue(key: BudgetKey, value: unknown, where: string): BudgetValue {
  const kind = kindOf(key);
  if (value === null && where !== 'budgets') return null;
  if (kind === 'bool' ? typeof value === 'boolean' : typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return value as number | boolean;
  }
  throw new BudgetConfigError(`${where}.${key}: expected ${kind === 'bool' ? 'true or false' : 'a number >= 0'}, got ${JSON.stringify(value)}`);
}

/** True when `value` asks less of the page than `reference` does. */
export function isLooser(key: BudgetKey, value: BudgetValue, reference: BudgetValue): boolean {
  if (value === null) return reference !== null;
  if (reference === null) return false;
  const kind = kindOf(key);
  if (kind === 'bool') return value === true && reference === false;
  return kind === 'min' ? (value as number) < (reference as number) : (value as number) > (reference as number);
}

function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BudgetConfigError(`${where}: expected an object`);
  }
  return value as Record<string, unknown>;
}

export function parseBudgetConfig(raw: unknown): BudgetConfig {
  const root = asObject(raw, 'budgets file');
  const refRaw = asObject(root['budgets'], 'budgets');
  const reference = {} as Budgets;
  for (const key of BUDGET_KEYS) {
    if (!(key in refRaw)) throw new BudgetConfigError(`budgets.${key} is missing`);
    reference[key] = checkValue(key, refRaw[key], 'budgets');
  }
  for (const key of Object.keys(refRaw)) {
    if (!isKey(key)) throw new BudgetConfigError(`budgets.${key}: unknown budget (known: ${BUDGET_KEYS.join(', ')})`);
  }

  const pages = new Map<string, PageBudgets>();
  for (const [path, pageRaw] of Object.entries(asObject(root['pages'] ?? {}, 'pages'))) {
    if (!path.startsWith('/')) throw new BudgetConfigError(`pages."${path}": a page is its URL path, starting with /`);
    const page = asObject(pageRaw, `pages."${path}"`);
    const budgets = { ...reference };
    const reasons: PageBudgets['reasons'] = {};
    for (const [key, entryRaw] of Object.entries(asObject(page['looser'] ?? {}, `pages."${path}".looser`))) {
      const where = `pages."${path}".looser.${key}`;
      if (!isKey(key)) throw new BudgetConfigError(`${where}: unknown budget`);
      const entry = asObject(entryRaw, where);
      const value = checkValue(key, entry['value'], where);
      const reason = entry['reason'];
      if (typeof reason !== 'string' || reason.trim().length < 10) {
        throw new BudgetConfigError(`${where}: a looser budget needs its reason ("reason": "...")`);
      }
      if (!isLooser(key, value, reference[key])) {
        throw new BudgetConfigError(
          `${where}: ${JSON.stringify(value)} is not looser than the reference ${JSON.stringify(reference[key])}; ` +
            'pages get the reference budgets by default, so remove it',
        );
      }
      budgets[key] = value;
      reasons[key] = reason;
    }
    const exemptAudits: Record<string, string> = {};
    for (const [id, reason] of Object.entries(asObject(page['exemptAudits'] ?? {}, `pages."${path}".exemptAudits`))) {
      if (!/^[a-z0-9-]+$/.test(id)) throw new BudgetConfigError(`pages."${path}".exemptAudits: "${id}" is not a Lighthouse audit id`);
      if (typeof reason !== 'string' || reason.trim().length < 10) {
        throw new BudgetConfigError(`pages."${path}".exemptAudits.${id}: an exempt audit needs its reason`);
      }
      exemptAudits[id] = reason;
    }
    pages.set(path, { budgets, reasons, exemptAudits });
  }
  return { reference, pages };
}

export function loadBudgetConfig(file = DEFAULT_BUDGETS_FILE): BudgetConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BudgetConfigError(`Cannot read the budgets file ${file}: ${(error as Error).message}`);
  }
  try {
    return parseBudgetConfig(raw);
  } catch (error) {
    if (error instanceof BudgetConfigError) throw new BudgetConfigError(`${file}: ${error.message}`);
    throw error;
  }
}

/** Budgets of a page: its own entry, or the reference budgets for a page the file does not list. */
export function budgetsFor(config: BudgetConfig, page: string): PageBudgets {
  return config.pages.get(page) ?? { budgets: config.reference, reasons: {}, exemptAudits: {} };
}

/**
 * Checks the measured figures of `keys` (default: every budgeted key). A budgeted figure that was not measured is
 * a miss: a budget must never pass because its measurement failed.
 */
export function checkBudgets(
  config: BudgetConfig,
  page: string,
  actual: Partial<Record<BudgetKey, number | boolean>>,
  keys: readonly BudgetKey[] = BUDGET_KEYS,
): Check[] {
  const { budgets } = budgetsFor(config, page);
  const checks: Check[] = [];
  for (const key of keys) {
    const budget = budgets[key];
    if (budget === null) continue;
    const value = actual[key];
    let ok = false;
    if (value !== undefined) {
      const kind = kindOf(key);
      if (kind === 'bool') ok = budget === true || value === false;
      else if (typeof value === 'number') ok = kind === 'min' ? value >= (budget as number) : value <= (budget as number);
    }
    checks.push({ page, key, budget, actual: value, ok });
  }
  return checks;
}

export function describeBudget(key: BudgetKey, budget: number | boolean): string {
  const kind = kindOf(key);
  if (kind === 'bool') return budget ? 'allowed' : 'not loaded';
  return `${kind === 'min' ? '>=' : '<='} ${budget}`;
}

export function describeMiss(check: Check): string {
  const actual = check.actual === undefined ? 'not measured' : String(check.actual);
  return `${check.page}: ${check.key} = ${actual}, budget ${describeBudget(check.key, check.budget)}`;
}
