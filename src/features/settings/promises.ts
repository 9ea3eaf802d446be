// What the shop promises (the store settings' `promises`), in the words the pages state it.
import type { StoreSettings } from '../../lib/content-schema.ts';

type Promises = StoreSettings['promises'];

export interface PromiseTexts {
  returns: string;
  warranty: string;
  processing: string;
  delivery: string;
  support: string;
}

const businessDays = (days: string) => `${days} business day${days === '1' ? '' : 's'}`;

export function promiseTexts(promises: Promises): PromiseTexts {
  return {
    returns: `${promises.returnDays}-day returns`,
    warranty: `${promises.warrantyYears}-year warranty`,
    processing: businessDays(promises.processingDays),
    delivery: businessDays(promises.deliveryDays),
    support: promises.supportHours,
  };
}

/** "1-2" as its first and last day, "3" as 3 to 3. */
export function dayRange(days: string): { min: number; max: number } {
  const [min = 0, max = min] = days.split('-').map(Number);
  return { min, max };
}
