import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { JsonObject, jsonObject, orNothing } from './json-object.ts';

describe('JsonObject', () => {
  it('takes objects only: not null, not a list, not a value', () => {
    expect(v.is(JsonObject, { a: 1 })).toBe(true);
    expect(v.is(JsonObject, {})).toBe(true);
    for (const other of [null, undefined, [], [{ a: 1 }], 'x', 1, true]) expect(v.is(JsonObject, other)).toBe(false);
  });
});

describe('jsonObject', () => {
  const Named = jsonObject({ name: v.string() }, 'not a named thing');

  it('reads the fields it lists, and only those', () => {
    expect(v.parse(Named, { name: 'x', other: 1 })).toEqual({ name: 'x' });
  });

  it('refuses a list, which valibot alone would read as an object', () => {
    expect(v.safeParse(v.object({}), []).success).toBe(true);
    const list = v.safeParse(Named, []);
    expect(list.success).toBe(false);
    expect(list.issues?.[0].message).toBe('not a named thing');
  });

  it('fails with the message given for anything that is not an object, and field by field otherwise', () => {
    for (const other of [null, 'x', 3]) expect(v.safeParse(Named, other).issues?.[0].message).toBe('not a named thing');
    expect(v.safeParse(Named, { name: 3 }).success).toBe(false);
  });
});

describe('orNothing', () => {
  const Named = jsonObject({ name: orNothing(v.pipe(v.string(), v.nonEmpty())) });

  it('reads a missing or odd field as undefined, and the object still reads', () => {
    expect(v.parse(Named, { name: 'x' })).toEqual({ name: 'x' });
    expect(v.parse(Named, {})).toEqual({});
    for (const odd of [null, '', 3, [], {}]) expect(v.parse(Named, { name: odd })).toEqual({ name: undefined });
  });
});
