import { describe, expect, it } from 'vitest';
import { counterText, swipeDirection, wrapIndex } from './gallery.ts';

describe('gallery rules', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 0)).toBe(0);
  });
  it('needs a horizontal swipe of more than 50 px', () => {
    expect(swipeDirection(-50)).toBe(0);
    expect(swipeDirection(-51)).toBe(1);
    expect(swipeDirection(51)).toBe(-1);
    expect(swipeDirection(-80, 120)).toBe(0);
  });
  it('counts from one', () => {
    expect(counterText(0, 3)).toBe('1 / 3');
    expect(counterText(0, 0)).toBe('0 / 0');
  });
});
