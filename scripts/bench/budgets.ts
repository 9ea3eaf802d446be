// Loads bench/budgets.json (the one budgets file) and checks measured figures against it. Shared by the bench and
// the deterministic size check (scripts/page-weight.ts), so both read the same byte budgets.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

const DEFAULT_BUDGETS_FILE = fileURLToPath(new URL('../../bench/budgets.json', import.meta.url));

const MIN_KEYS = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
const MAX_KEYS = [
  'lcpMs',
  'tbtMs',
  'cls',
  'jsGzipBytes',
  'cssGzipBytes',
  'lcpToFloor',
  'mainThreadToFloor',
  'interactionMs',
  'tapToPaintMs',
] as const;
export const BUDGET_KEYS = [...MIN_KEYS, ...MAX_KEYS, 'walletSdkOnFirstLoad'] as const;
export const BYTE_KEYS = ['jsGzipBytes', 'cssGzipBytes'] as const;

export type BudgetKey = (typeof BUDGET_KEYS)[number];
/** A number, a boolean for walletSdkOnFirstLoad, or null: not budgeted on that page. */
export type BudgetValue = number | boolean | null;
type Budgets = Record<BudgetKey, BudgetValue>;

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
  /** What on the page was measured, when a key is checked more than once (e.g. each interaction). */
  what?: string;
  budget: number | boolean;
  actual: number | boolean | undefined;
  ok: boolean;
}

const kindOf = (key: BudgetKey) =>
  (MIN_KEYS as readonly string[]).includes(key)
    ? 'min'
    : (MAX_KEYS as readonly string[]).includes(key)
      ? 'max'
      : 'bool';

const valueSchema = (key: BudgetKey) =>
  kindOf(key) === 'bool'
    ? v.boolean('expected true or false')
    : v.pipe(v.number('expected a number >= 0'), v.finite(), v.minValue(0, 'expected a number >= 0'));
const hasReason = (text: unknown) => typeof text === 'string' && text.trim().length >= 10;
const reason = v.pipe(v.unknown(), v.check(hasReason, 'needs its reason'), v.string());

const FileSchema = v.object({
  budgets: v.strictObject(
    Object.fromEntries(BUDGET_KEYS.map((key) => [key, valueSchema(key)])) as Record<
      BudgetKey,
      ReturnType<typeof valueSchema>
    >,
  ),
  pages: v.optional(
    v.record(
      v.pipe(v.string(), v.startsWith('/', 'a page is its URL path, starting with /')),
      v.object({
        looser: v.optional(
          v.record(
            v.picklist(BUDGET_KEYS, 'unknown budget'),
            v.pipe(
              v.looseObject({
                value: v.unknown(),
                reason: v.optional(v.string()),
              }),
              v.check((entry) => hasReason(entry.reason), 'a looser budget needs its reason'),
            ),
          ),
          {},
        ),
        exemptAudits: v.optional(
          v.record(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'not a Lighthouse audit id')), reason),
          {},
        ),
      }),
    ),
    {},
  ),
});

/** True when `value` asks less of the page than `reference` does. */
export function isLooser(key: BudgetKey, value: BudgetValue, reference: BudgetValue): boolean {
  if (value === null || reference === null) return value === null && reference !== null;
  const kind = kindOf(key);
  if (kind === 'bool') return value === true && reference === false;
  return kind === 'min' ? value < reference : value > reference;
}

/** The parsed value, or a BudgetConfigError naming where the first problem is. */
function valid<T extends v.GenericSchema>(schema: T, raw: unknown, where: string): v.InferOutput<T> {
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = v.getDotPath(issue);
  const at = path ? `${where === 'budgets file' ? '' : `${where}.`}${path}` : where;
  if (issue.kind === 'schema' && issue.input === undefined) throw new BudgetConfigError(`${at} is missing`);
  const unknownKey = issue.kind === 'schema' && issue.expected === 'never';
  throw new BudgetConfigError(
    `${at}: ${unknownKey ? `unknown budget (known: ${BUDGET_KEYS.join(', ')})` : issue.message}`,
  );
}

export function parseBudgetConfig(raw: unknown): BudgetConfig {
  const parsed = valid(FileSchema, raw, 'budgets file');
  const reference = parsed.budgets as Budgets;
  const pages = new Map<string, PageBudgets>();
  for (const [path, page] of Object.entries(parsed.pages)) {
    const budgets = { ...reference };
    const reasons: PageBudgets['reasons'] = {};
    for (const [key, entry] of Object.entries(page.looser) as [BudgetKey, { value: unknown; reason?: string }][]) {
      const where = `pages.${path}.looser.${key}`;
      const value = entry.value === null ? null : valid(valueSchema(key), entry.value, `${where}.value`);
      if (!isLooser(key, value, reference[key])) {
        throw new BudgetConfigError(
          `${where}: ${JSON.stringify(value)} is not looser than the reference ${JSON.stringify(reference[key])}; ` +
            'pages get the reference budgets by default, so remove it',
        );
      }
      budgets[key] = value;
      reasons[key] = entry.reason;
    }
    pages.set(path, { budgets, reasons, exemptAudits: page.exemptAudits });
  }
  return { reference, pages };
}

export function loadBudgetConfig(file = DEFAULT_BUDGETS_FILE): BudgetConfig {
  try {
    return parseBudgetConfig(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new BudgetConfigError(`${file}: ${(error as Error).message}`);
  }
}

/** Budgets of a page: its own entry, or the reference budgets for a page the file does not list. */
export function budgetsFor(config: BudgetConfig, page: string): PageBudgets {
  return (
    config.pages.get(page) ?? {
      budgets: config.reference,
      reasons: {},
      exemptAudits: {},
    }
  );
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
  return keys.flatMap((key) => {
    const budget = budgets[key];
    if (budget === null) return [];
    const value = actual[key];
    const kind = kindOf(key);
    const ok =
      kind === 'bool'
        ? typeof value === 'boolean' && (budget === true || value === false)
        : typeof value === 'number' && (kind === 'min' ? value >= (budget as number) : value <= (budget as number));
    return [{ page, key, budget, actual: value, ok }];
  });
}

function describeBudget(key: BudgetKey, budget: number | boolean): string {
  if (kindOf(key) === 'bool') return budget ? 'allowed' : 'not loaded';
  return `${kindOf(key) === 'min' ? '>=' : '<='} ${budget}`;
}

export function describeMiss(check: Check): string {
  const actual = check.actual === undefined ? 'not measured' : String(check.actual);
  return `${check.page}${check.what ? ` (${check.what})` : ''}: ${check.key} = ${actual}, budget ${describeBudget(check.key, check.budget)}`;
}
