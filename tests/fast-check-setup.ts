// Every property test generates up to the bounds it names: without this, fast-check stops an array or a string at
// about ten items whatever its maxLength, so a model's sixteen steps or a 260-character line would never come.
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), defaultSizeToMaxWhenMaxSpecified: true });
