// onFirstInteraction with a stand-in window: the callback runs once, after the next frame, at the first of its
// events; an input that came before the call (an island hydrated, its effect not yet run) counts; a cancel stops it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let page: EventTarget;
let frames: (() => void)[];

async function load() {
  vi.resetModules();
  return import('./first-interaction.ts');
}

function nextFrame(): void {
  for (const frame of frames.splice(0)) frame();
  vi.runAllTimers();
}

beforeEach(() => {
  vi.useFakeTimers();
  page = new EventTarget();
  frames = [];
  vi.stubGlobal('window', page);
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.splice(id - 1, 1));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('onFirstInteraction', () => {
  it('runs the callback once, after the frame that follows the first of its events', async () => {
    const { onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('keydown'));
    page.dispatchEvent(new Event('scroll'));
    expect(callback).not.toHaveBeenCalled();
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
    page.dispatchEvent(new Event('pointerdown'));
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('counts a tap that came after the page code ran but before the call', async () => {
    const { onFirstInteraction } = await load();
    page.dispatchEvent(new Event('pointerdown'));
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not count a scroll before the call: a script may have made it', async () => {
    const { onFirstInteraction } = await load();
    page.dispatchEvent(new Event('scroll'));
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
  });

  it('listens only to the events it is given, and a cancel stops a callback not yet run', async () => {
    const { onFirstInteraction } = await load();
    const callback = vi.fn();
    const cancel = onFirstInteraction(callback, ['focusin']);
    page.dispatchEvent(new Event('keydown'));
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('focusin'));
    cancel();
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
  });
});
