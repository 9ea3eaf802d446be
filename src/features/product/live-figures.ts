// Current stock and prices by variant id (refresh.ts fetches them). Empty until a refresh succeeds, in which case
// the islands show the figures from the build.
import { atom } from 'nanostores';

export interface LiveVariant {
  price: number;
  regularPrice?: number;
  stock: number;
}

export const $liveVariants = atom<Record<string, LiveVariant>>({});
