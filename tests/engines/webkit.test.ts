import { afterAll, beforeAll, describe } from 'vitest';
import { WINDOWS, type Session } from './engine.ts';
import { shopperPaths } from './shopper.ts';
import { webkit } from './webkit.ts';

describe.each(WINDOWS)('WebKit, $name window', (window) => {
  let session: Session;
  beforeAll(async () => {
    session = await webkit(window);
  });
  afterAll(() => session?.close());
  shopperPaths(() => session);
});
