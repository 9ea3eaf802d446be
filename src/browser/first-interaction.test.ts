// onFirstInteraction with a stand-in window: the callback runs once, after the next frame, at the first of its
// events, once a tap or key under way has ended (after a pause, when a scroll came first); an input that came before
// the call (an island hydrated, its effect not yet run) counts; a cancel stops it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useStandInFrames } from './frames.support.ts';

let page: EventTarget;
const { draw: drawFrame, nextFrame } = useStandInFrames();

async function load() {
  vi.resetModules();
  return import('./first-interaction.ts');
}

const send = (...types: string[]) => {
  for (const type of types) page.dispatchEvent(new Event(type));
};

beforeEach(() => {
  page = new EventTarget();
  vi.stubGlobal('window', page);
});

describe('onFirstInteraction', () => {
  it('runs the callback once, after the frame that follows the first of its events', async () => {
    const { onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    send('keydown', 'keyup', 'scroll');
    expect(callback).not.toHaveBeenCalled();
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
    send('pointerdown', 'pointerup', 'click');
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits for the click that ends a tap: nothing runs in the frames of the tap itself', async () => {
    const { onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    send('pointerdown', 'touchstart');
    nextFrame();
    send('pointerup');
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    send('click');
    expect(callback).not.toHaveBeenCalled();
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits for a key to be let go', async () => {
    const { onFirstInteraction } = await load();
    const byKey = vi.fn();
    onFirstInteraction(byKey);
    send('keydown', 'click');
    nextFrame();
    expect(byKey).not.toHaveBeenCalled();
    send('keyup');
    nextFrame();
    expect(byKey).toHaveBeenCalledOnce();
  });

  it('starts when a touch becomes a scroll', async () => {
    const { onFirstInteraction } = await load();
    const byScroll = vi.fn();
    onFirstInteraction(byScroll);
    send('pointerdown');
    nextFrame();
    expect(byScroll).not.toHaveBeenCalled();
    send('pointercancel', 'scroll');
    nextFrame();
    expect(byScroll).toHaveBeenCalledOnce();
  });

  it('starts a while after a press let go with no click', async () => {
    const { CLICK_GRACE_MS, onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    send('pointerdown', 'pointerup');
    vi.advanceTimersByTime(CLICK_GRACE_MS - 1);
    drawFrame();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('after a first scroll, waits for a pause in scrolling', async () => {
    const { QUIET_MS, onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    send('scroll');
    vi.advanceTimersByTime(QUIET_MS - 1);
    send('wheel');
    vi.advanceTimersByTime(QUIET_MS - 1);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('a tap in the pause after a scroll is answered first', async () => {
    const { QUIET_MS, onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    send('scroll');
    send('pointerdown');
    vi.advanceTimersByTime(QUIET_MS);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    send('pointerup', 'click');
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('a new press restarts the wait for a click', async () => {
    const { CLICK_GRACE_MS, onFirstInteraction } = await load();
    const callback = vi.fn();
    onFirstInteraction(callback);
    send('pointerdown', 'pointerup');
    vi.advanceTimersByTime(CLICK_GRACE_MS / 2);
    send('pointerdown');
    vi.advanceTimersByTime(CLICK_GRACE_MS);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    send('pointerup', 'click');
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('counts a tap that came after the page code ran but before the call', async () => {
    const { onFirstInteraction } = await load();
    send('pointerdown', 'pointerup', 'click');
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not count a scroll before the call: a script may have made it', async () => {
    const { onFirstInteraction } = await load();
    send('scroll');
    const callback = vi.fn();
    onFirstInteraction(callback);
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
  });

  it('listens only to the events it is given, and a cancel stops a callback not yet run', async () => {
    const { onFirstInteraction } = await load();
    const callback = vi.fn();
    const cancel = onFirstInteraction(callback, ['focusin']);
    send('keydown', 'keyup');
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    send('focusin');
    cancel();
    nextFrame();
    expect(callback).not.toHaveBeenCalled();
  });
});
