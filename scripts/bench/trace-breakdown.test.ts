import { describe, expect, it } from 'vitest';
import { breakdown, heldBeforeDelivery, mainThreadOf, type TraceEvent } from './trace-breakdown.ts';

const main = { pid: 1, tid: 2 };
const x = (name: string, ts: number, dur: number, thread = main): TraceEvent => ({ name, ph: 'X', ts, dur, ...thread });

describe('an interaction broken down from its trace', () => {
  it('gives each event its own time, less its children, by kind', () => {
    const events = [
      x('RunTask', 0, 10_000),
      x('EventDispatch', 1000, 6000),
      x('FunctionCall', 2000, 4000),
      x('UpdateLayoutTree', 7000, 1000),
      x('Layout', 8000, 1000),
      x('RunTask', 12_000, 3000),
      x('Paint', 12_000, 2000),
    ];
    expect(breakdown(events, main, 0, 20_000)).toEqual({
      script: 6,
      style: 1,
      layout: 1,
      paint: 2,
      other: 3,
      waiting: 7,
    });
  });
  it('counts only the window and the page main thread', () => {
    const events = [x('FunctionCall', 0, 10_000), x('Paint', 0, 50_000, { pid: 1, tid: 9 })];
    expect(breakdown(events, main, 5000, 15_000)).toMatchObject({ script: 5, paint: 0, waiting: 5 });
  });
  it('finds the main thread by a mark of the page', () => {
    expect(mainThreadOf([{ name: 'bench:clock', ph: 'R', ts: 5, pid: 3, tid: 4 }], 'bench:clock')).toEqual({
      pid: 3,
      tid: 4,
    });
  });
});

const timing = (type: string, timeStamp: number, enqueued: number, pid = main.pid): TraceEvent => ({
  name: 'EventTiming',
  ph: 'b',
  ts: 0,
  pid,
  tid: main.tid,
  args: { data: { type, timeStamp, enqueuedToMainThreadTime: enqueued } },
});

describe('a tap held by the browser before the page has it', () => {
  // A pick traced in the bench's flow: stamped at 1925.688, in the main thread's queue at 1977.655.
  const tap = [
    timing('pointerdown', 1925.688, 1977.655),
    timing('pointerup', 1925.806, 1977.9),
    // The click comes from the tap once the page has answered its touchend: later in the queue, by the page's doing.
    timing('click', 1925.806, 1998.2),
  ];

  it('is the time from its stamp to the queue, the least of its events stamped then', () => {
    expect(heldBeforeDelivery(tap, main, 1925.688)).toBeCloseTo(51.967, 3);
    // The click, the longest event of the tap, is stamped as the pointerup: its hold is the pointerup's.
    expect(heldBeforeDelivery(tap.slice(1), main, 1925.806)).toBeCloseTo(52.094, 3);
  });

  it('is unknown without a record of an event stamped then on the page', () => {
    expect(heldBeforeDelivery(tap, main, 1700)).toBeUndefined();
    expect(heldBeforeDelivery([timing('pointerdown', 1925.688, 1977.655, 7)], main, 1925.688)).toBeUndefined();
    expect(heldBeforeDelivery([{ ...timing('pointerdown', 1925.688, 1977.655), ph: 'e' }], main, 1925.688)).toBe(
      undefined,
    );
  });
});
