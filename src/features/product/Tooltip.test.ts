import { describe, expect, it } from 'vitest';
import { tooltipOpenDelay } from './Tooltip.tsx';

describe('tooltipOpenDelay', () => {
  it('waits 700 ms normally', () => {
    expect(tooltipOpenDelay(1000, undefined)).toBe(700);
    expect(tooltipOpenDelay(1000, 700)).toBe(700);
  });
  it('opens at once within 300 ms of another tooltip closing', () => {
    expect(tooltipOpenDelay(1000, 701)).toBe(0);
    expect(tooltipOpenDelay(1000, 1000)).toBe(0);
  });
});
