import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readJson } from './stored-json.ts';

const Cart = v.object({ items: v.array(v.object({ quantity: v.number() })) });

describe('reading stored JSON', () => {
  it('gives what the schema reads', () => {
    expect(readJson(Cart, '{"items":[{"quantity":2}]}', 'the stored cart')).toEqual({
      ok: true,
      value: { items: [{ quantity: 2 }] },
    });
  });

  it('says what is wrong, and where, instead of throwing', () => {
    expect(readJson(Cart, '{oops', 'the stored cart')).toEqual({
      ok: false,
      problem: 'the stored cart is not valid JSON',
    });
    expect(readJson(Cart, '{"items":[{"quantity":"2"}]}', 'the stored cart')).toMatchObject({
      ok: false,
      problem: 'the stored cart has an unexpected shape at items.0.quantity',
    });
  });

  it('speaks of several things as several, and leaves the place out when asked', () => {
    expect(readJson(Cart, '[', 'the stored orders', { plural: true })).toMatchObject({
      problem: 'the stored orders are not valid JSON',
    });
    expect(readJson(Cart, '[]', 'the stored orders', { plural: true, at: false })).toMatchObject({
      problem: 'the stored orders have an unexpected shape',
    });
  });
});
