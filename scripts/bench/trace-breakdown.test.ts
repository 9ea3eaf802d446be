import { describe, expect, it } from 'vitest';
import { breakdown, mainThreadOf, type TraceEvent } from './trace-breakdown.ts';

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
