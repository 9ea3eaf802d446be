// Current stock and prices by variant id (refresh.ts fetches them). Empty until a refresh succeeds, in which case
// the islands show the figures from the build.
import { atom } from 'nanostores';
import type { LiveFigures } from './purchase-model.ts';

export const $liveVariants = atom<Record<string, LiveFigures>>({});
