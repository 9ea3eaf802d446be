// Two builds' figures, measured in turns on one machine, side by side: on a busy machine only such a comparison
// tells a change from the machine's own swings.
import { median } from './summary.ts';
import { formatTable } from './table.ts';

/** Each figure's runs, in milliseconds. */
export type Runs = Record<string, number[]>;

const spread = (runs: number[]) =>
  `${Math.round(median(runs))} (${Math.round(Math.min(...runs))}–${Math.round(Math.max(...runs))})`;

/** One row per figure both sides have runs of: each side's median (lowest–highest), then the change of the medians. */
export function compareTable(names: readonly [string, string], before: Runs, after: Runs): string {
  const rows = Object.keys(after)
    .filter((figure) => before[figure]?.length && after[figure]?.length)
    .map((figure) => {
      const [b, a] = [before[figure]!, after[figure]!];
      const change = median(a) - median(b);
      const percent = median(b) ? ` (${change > 0 ? '+' : ''}${Math.round((100 * change) / median(b))} %)` : '';
      return [figure, spread(b), spread(a), `${change > 0 ? '+' : ''}${Math.round(change)}${percent}`];
    });
  return formatTable([['ms: median (lowest–highest)', names[0], names[1], 'change'], ...rows]);
}
