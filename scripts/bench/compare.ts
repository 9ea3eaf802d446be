// Two builds' figures, measured in turns on one machine, side by side: on a busy machine only such a comparison
// tells a change from the machine's own swings.
import { median } from './summary.ts';
import { formatTable } from './table.ts';

/** Each figure's runs, in milliseconds. */
export type Runs = Record<string, number[]>;

const spread = (runs: number[]) =>
  `${Math.round(median(runs))} (${Math.round(Math.min(...runs))}–${Math.round(Math.max(...runs))})`;

const signed = (value: number) => `${value > 0 ? '+' : ''}${Math.round(value)}`;

/** One row per figure both sides have runs of: each side's median (lowest–highest), then the change of the medians. */
export function compareTable(names: readonly [string, string], before: Runs, after: Runs): string {
  const rows = Object.keys(after)
    .filter((figure) => before[figure]?.length && after[figure]?.length)
    .map((figure) => {
      const [b, a] = [before[figure]!, after[figure]!];
      const base = median(b);
      const change = median(a) - base;
      const percent = base ? ` (${signed((100 * change) / base)} %)` : '';
      return [figure, spread(b), spread(a), `${signed(change)}${percent}`];
    });
  return formatTable([['ms: median (lowest–highest)', names[0], names[1], 'change'], ...rows]);
}
