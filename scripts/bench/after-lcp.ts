// How much of a load's main-thread work came after the page's LCP, and in how many frames, from Lighthouse's trace:
// a page over its main-thread budget then says whether the work was getting the page on screen or what it does once
// shown (animations, late renders).
import type { TraceEvent } from './trace-breakdown.ts';

export interface AfterLcp {
  /** The share of the main thread's task time (by the clock) that came after the LCP, 0..1. */
  share: number;
  /** Main-thread tasks after the LCP that made a frame. */
  frames: number;
}

const isOutermost = (e: TraceEvent) =>
  (e.args?.data as { isOutermostMainFrame?: boolean } | undefined)?.isOutermostMainFrame === true;

/** The split of the page's main-thread work at its last LCP candidate; undefined when the trace has no LCP. */
export function afterLcp(events: TraceEvent[]): AfterLcp | undefined {
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && isOutermost(e)).at(-1);
  if (!lcp) return undefined;
  // An outer task before a nested one that starts with it, so the outer one is the one counted.
  const onThread = events
    .filter((e) => e.pid === lcp.pid && e.tid === lcp.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const frameStarts = onThread.filter((e) => e.name === 'BeginMainThreadFrame').map((e) => e.ts);
  let before = 0;
  let after = 0;
  let frames = 0;
  let end = -Infinity;
  for (const task of onThread) {
    // Top-level tasks only: a nested loop's task is inside its outer one's time.
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.ts < end) continue;
    const dur = task.dur ?? 0;
    end = task.ts + dur;
    if (task.ts < lcp.ts) {
      before += dur;
      continue;
    }
    after += dur;
    if (frameStarts.some((ts) => ts >= task.ts && ts <= end)) frames++;
  }
  return before + after > 0 ? { share: after / (before + after), frames } : undefined;
}

/** "37 % after its LCP, in 27 frames". */
export const formatAfterLcp = ({ share, frames }: AfterLcp): string =>
  `${Math.round(share * 100)} % after its LCP, in ${frames} frame${frames === 1 ? '' : 's'}`;
