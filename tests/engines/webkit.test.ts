import { engineSuite } from './shopper.ts';
import { webkit } from './webkit.ts';

engineSuite('WebKit', webkit);
