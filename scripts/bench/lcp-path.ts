// The requests on a page's path to its LCP as Lighthouse simulates the load (its optimistic LCP graph: the document,
// what blocks the first paint and the LCP image), so an LCP miss names what it waited for. Lighthouse's simulation
// sends a connection's bytes in round trips (the first carries about 14.6 KB), so the sizes explain the times.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

export interface PathRequest {
  /** The request's path (and query) on the page's origin, or its full URL elsewhere. */
  url: string;
  transferBytes: number;
  /** Simulated start and end, ms from the start of the load. */
  startMs: number;
  endMs: number;
}

/** What this module reads of a simulated node and its timing (Lighthouse's own types are wider). */
interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize: number };
}
export type NodeTimings = Map<SimulatedNode, { startTime: number; endTime: number }>;

const OPTIMISTIC_LCP = 'optimisticLargestContentfulPaint';

/** The network requests among `timings` in the order the simulation started them, URLs relative to `origin`. */
export function pathRequests(timings: NodeTimings, origin: string): PathRequest[] {
  return [...timings]
    .flatMap(([node, t]) =>
      node.type === 'network' && node.request
        ? [
            {
              url: node.request.url.startsWith(`${origin}/`) ? node.request.url.slice(origin.length) : node.request.url,
              transferBytes: node.request.transferSize,
              startMs: Math.round(t.startTime),
              endMs: Math.round(t.endTime),
            },
          ]
        : [],
    )
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** Forgets the simulations of an earlier run: Lighthouse keeps the last of each in one map for the process. */
export function forgetSimulations(): void {
  Lantern.Simulation.Simulator.allNodeTimings.clear();
}

/** The LCP path of the run that just ended, or undefined when Lighthouse simulated none (no LCP). */
export function lastLcpPath(origin: string): PathRequest[] | undefined {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get(OPTIMISTIC_LCP);
  return timings ? pathRequests(timings, origin) : undefined;
}

/** One line: each request with its simulated span and size. */
export function formatLcpPath(path: PathRequest[]): string {
  return path.map((r) => `${r.url} ${r.startMs}–${r.endMs} ms (${(r.transferBytes / 1000).toFixed(1)} KB)`).join(', ');
}
