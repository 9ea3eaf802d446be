// JSON that comes from outside (the backend's answers, what a browser kept) is read through valibot schemas.
// valibot's object schemas take a list for an object with no fields; a list where JSON should have an object is
// a wrong answer, so it is refused here, once for every schema.
import * as v from 'valibot';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON object, its fields not read (not null, not a list). */
export const JsonObject = v.custom<Record<string, unknown>>(isObject);

/** A JSON object read through `entries`; anything else, a list included, fails with `message`. */
export function jsonObject<const TEntries extends v.ObjectEntries>(entries: TEntries, message?: string) {
  return v.pipe(v.custom<Record<string, unknown>>(isObject, message), v.object(entries));
}

/** A field read as undefined when it is missing or does not match `schema`, rather than failing the object. */
export function orNothing<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.fallback(v.optional(schema), undefined);
}
