// Stand-in animation frames for unit tests: a frame is drawn when the test says so.
import { afterEach, beforeEach, vi } from 'vitest';

/** Stubs requestAnimationFrame and cancelAnimationFrame; `draw` runs the frames asked for until then. */
function standInFrames(): { draw: () => void } {
  const frames = new Map<number, FrameRequestCallback>();
  let last = 0;
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => {
    frames.set(++last, frame);
    return last;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  return {
    draw: () => {
      const due = [...frames.values()];
      frames.clear();
      for (const frame of due) frame(0);
    },
  };
}

/**
 * For each test of the file: fake timers and stand-in frames. `draw` draws the frames asked for until then;
 * `nextFrame` also runs the tasks they queued.
 */
export function useStandInFrames(): { draw: () => void; nextFrame: () => void } {
  let frames: { draw: () => void } | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    frames = standInFrames();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const draw = () => frames?.draw();
  return {
    draw,
    nextFrame: () => {
      draw();
      vi.runOnlyPendingTimers();
    },
  };
}
