import { describe, expect, it } from 'vitest';
import { dayRange, promiseTexts } from './promises.ts';
import { PROMISE_DEFAULTS as PROMISES } from '../../lib/content-schema.ts';

describe('promiseTexts', () => {
  it("words the store's promises as the pages state them", () => {
    expect(promiseTexts(PROMISES)).toEqual({
      returns: '30-day returns',
      warranty: '1-year warranty',
      processing: '1-2 business days',
      delivery: '5-10 business days',
      support: '24/7',
    });
  });

  it('says one business day in the singular', () => {
    const texts = promiseTexts({ ...PROMISES, processingDays: '1', deliveryDays: '3', returnDays: 14 });
    expect(texts).toMatchObject({
      processing: '1 business day',
      delivery: '3 business days',
      returns: '14-day returns',
    });
  });
});

describe('dayRange', () => {
  it('reads a range or a single number of days', () => {
    expect(dayRange('1-2')).toEqual({ min: 1, max: 2 });
    expect(dayRange('3')).toEqual({ min: 3, max: 3 });
  });
});
