import { describe, expect, it } from 'vitest';
import { compareTable } from './compare.ts';

describe('compareTable', () => {
  const table = compareTable(
    ['main', 'working tree'],
    { LCP: [900, 1000, 950], 'next image': [200, 100, 300], 'only before': [1] },
    { LCP: [800, 850, 820], 'next image': [220, 150, 180], 'only after': [5] },
  );

  it('shows each side as its median and range, and the change of the medians with its share', () => {
    expect(table).toMatch(/^LCP\s+950 \(900–1000\)\s+820 \(800–850\)\s+-130 \(-14 %\)$/m);
    expect(table).toMatch(/^next image\s+200 \(100–300\)\s+180 \(150–220\)\s+-20 \(-10 %\)$/m);
  });

  it('leaves out a figure only one side measured', () => {
    expect(table).not.toMatch(/only/);
    expect(table.split('\n')).toHaveLength(4);
  });

  it('names both sides in the header', () => {
    expect(table.split('\n')[0]).toMatch(/main\s+working tree\s+change$/);
  });
});
