import { describe, expect, it } from 'vitest';
import { refusal } from './editor-proxy.ts';

describe('the editor proxy', () => {
  it('answers its own pages on this computer, and tools that send no Origin', () => {
    expect(refusal({ host: '127.0.0.1:4321', origin: 'http://127.0.0.1:4321' })).toBeUndefined();
    expect(refusal({ host: 'localhost:4321', origin: 'http://localhost:4321' })).toBeUndefined();
    expect(refusal({ host: '127.0.0.1:4321' })).toBeUndefined();
  });

  it('refuses other sites open in the same browser', () => {
    expect(refusal({ host: '127.0.0.1:4321', origin: 'https://attacker.example' })).toBe(
      'Only the editor of this server may save files.',
    );
    expect(refusal({ host: '127.0.0.1:4321', origin: 'http://localhost:4321' })).toBeDefined();
  });

  it('refuses a name that only points at this computer (DNS rebinding)', () => {
    expect(refusal({ host: 'attacker.example:4321', origin: 'http://attacker.example:4321' })).toMatch(
      /only through this computer’s own address/,
    );
    expect(refusal({})).toBeDefined();
  });
});
