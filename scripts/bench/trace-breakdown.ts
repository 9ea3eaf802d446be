// Where an interaction's time went on the page's main thread, from a performance trace: each trace event's own time
// (its duration less its children's) by kind, over the interaction's window, input to next paint. What is left of the
// window is the wait for the frame to be drawn and shown, or for the thread to be given the CPU.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: unknown };
}

const KINDS = ['script', 'style', 'layout', 'paint', 'other'] as const;
export type Breakdown = Record<(typeof KINDS)[number] | 'waiting', number>;

const KIND_OF: [RegExp, (typeof KINDS)[number]][] = [
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/, 'style'],
  [/^(Layout|UpdateLayout|HitTest)$/, 'layout'],
  [/^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayer|Decode.*|ImageDecodeTask|RasterTask)$/, 'paint'],
  [
    /^(FunctionCall|EvaluateScript|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|RunMicrotasks|v8\..*|V8\..*|MinorGC|MajorGC)$/,
    'script',
  ],
];

const kindOf = (name: string) => KIND_OF.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';

/** The renderer main thread that recorded `markName` (a performance.mark of the page). */
export function mainThreadOf(events: TraceEvent[], markName: string): { pid: number; tid: number } | undefined {
  const mark = events.find((e) => e.name === markName);
  return mark && { pid: mark.pid, tid: mark.tid };
}

/** Own time by kind, in ms, of the thread's complete events inside [from, to] (trace microseconds). */
export function breakdown(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
): Breakdown {
  const spans = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .map((e) => ({ name: e.name, start: Math.max(e.ts, from), end: Math.min(e.ts + (e.dur ?? 0), to) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Breakdown = { script: 0, style: 0, layout: 0, paint: 0, other: 0, waiting: 0 };
  // Events nest: walking them in start order with a stack of the open ones gives each its own time.
  const open: { kind: (typeof KINDS)[number]; end: number; own: number }[] = [];
  const close = (until: number) => {
    while (open.length && open.at(-1)!.end <= until) {
      const done = open.pop()!;
      out[done.kind] += done.own;
    }
  };
  let busy = 0;
  for (const span of spans) {
    close(span.start);
    const parent = open.at(-1);
    const length = Math.min(span.end, parent?.end ?? span.end) - span.start;
    if (parent) parent.own -= length;
    else busy += length;
    open.push({ kind: kindOf(span.name), end: span.start + length, own: length });
  }
  close(Number.POSITIVE_INFINITY);
  out.waiting = (to - from - busy) / 1000;
  for (const kind of KINDS) out[kind] /= 1000;
  return out;
}

/** What Chromium's trace says of one event's timing (its EventTiming record), in ms on the page's clock. */
interface EventTimingData {
  timeStamp?: number;
  enqueuedToMainThreadTime?: number;
}

/**
 * How long the browser held a DevTools-injected tap before handing it to the page, in ms: the least, over the
 * events stamped at `startTime` (a tap's pointerdown and pointerup are stamped together), of the time from an
 * event's stamp to its arrival in the page's main-thread queue. Chromium stamps an injected touch when DevTools
 * receives it and sends it once the page has committed a frame, so that new listeners see it; a finger's touch is
 * in the queue within a millisecond or two. Undefined without such a record.
 */
export function heldBeforeDelivery(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  startTime: number,
): number | undefined {
  const holds: number[] = [];
  for (const e of events) {
    if (e.name !== 'EventTiming' || e.ph !== 'b' || e.pid !== thread.pid) continue;
    const { timeStamp, enqueuedToMainThreadTime } = (e.args?.data ?? {}) as EventTimingData;
    if (timeStamp === undefined || enqueuedToMainThreadTime === undefined) continue;
    if (Math.abs(timeStamp - startTime) < 0.5 && enqueuedToMainThreadTime >= timeStamp)
      holds.push(enqueuedToMainThreadTime - timeStamp);
  }
  return holds.length ? Math.min(...holds) : undefined;
}
