import { describe, expect, it } from 'vitest';
import { counterText, pictureAlt, srcFromSrcset, swipeDirection, wrapIndex } from './gallery.ts';

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

describe('picture helpers', () => {
  it('picks the srcset entry at or just above a width, else the largest', () => {
    const srcset = '/a.webp 360w, /b.webp 720w, /c.webp 1280w';
    expect(srcFromSrcset(srcset)).toBe('/b.webp');
    expect(srcFromSrcset(srcset, 800)).toBe('/c.webp');
    expect(srcFromSrcset('/a.webp 360w, /b.webp 540w', 720)).toBe('/b.webp');
    expect(srcFromSrcset('')).toBeUndefined();
  });
  it('describes a picture for screen readers', () => {
    expect(pictureAlt('Cam', 'Arctic White', 0, 3)).toBe('Cam in Arctic White, picture 1 of 3');
  });
});
