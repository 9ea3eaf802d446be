// afterNextPaint with stand-in frames: the callback waits for the frame and then for a task of its own.
import { expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint.ts';
import { useStandInFrames } from './frames.support.ts';

const { draw: drawFrame } = useStandInFrames();

it('runs after the next frame, in a task of its own', () => {
  const callback = vi.fn();
  afterNextPaint(callback);
  vi.runAllTimers();
  expect(callback).not.toHaveBeenCalled();
  drawFrame();
  expect(callback).not.toHaveBeenCalled();
  vi.runAllTimers();
  expect(callback).toHaveBeenCalledOnce();
});

it('a cancel before the frame or after it stops the callback', () => {
  const early = vi.fn();
  afterNextPaint(early)();
  drawFrame();
  vi.runAllTimers();
  expect(early).not.toHaveBeenCalled();

  const late = vi.fn();
  const cancel = afterNextPaint(late);
  drawFrame();
  cancel();
  vi.runAllTimers();
  expect(late).not.toHaveBeenCalled();
});
