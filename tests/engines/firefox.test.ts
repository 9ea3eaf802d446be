import { afterAll, beforeAll, describe } from 'vitest';
import { WINDOWS, type Session } from './engine.ts';
import { shopperPaths } from './shopper.ts';
import { firefox } from './firefox.ts';

describe.each(WINDOWS)('Firefox, $name window', (window) => {
  let session: Session;
  beforeAll(async () => {
    session = await firefox(window);
  });
  afterAll(() => session?.close());
  shopperPaths(() => session);
});
