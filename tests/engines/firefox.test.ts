import { engineSuite } from './shopper.ts';
import { firefox } from './firefox.ts';

engineSuite('Firefox', firefox);
