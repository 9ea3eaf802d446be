// pageScrollHold with stand-in frames: held at once, given back after the next frame, and a hold before that keeps
// the page's own value.
import { expect, it, vi } from 'vitest';
import { useStandInFrames } from '../../browser/frames.support.ts';
import { pageScrollHold } from './page-scroll.ts';

const { nextFrame } = useStandInFrames();

it('holds the scroll at once and gives it back after the frame that shows the close', () => {
  const root = { style: { overflow: 'auto' } };
  const release = pageScrollHold(root)();
  expect(root.style.overflow).toBe('hidden');
  release();
  vi.runAllTimers();
  expect(root.style.overflow).toBe('hidden');
  nextFrame();
  expect(root.style.overflow).toBe('auto');
});

it('a hold before the scroll came back keeps it held, and the next release gives back the page’s own value', () => {
  const root = { style: { overflow: '' } };
  const hold = pageScrollHold(root);
  hold()();
  const release = hold();
  nextFrame();
  expect(root.style.overflow).toBe('hidden');
  release();
  nextFrame();
  expect(root.style.overflow).toBe('');
});
