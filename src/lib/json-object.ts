// valibot's object schemas take a list for an object: outside JSON read through these refuses one.
import * as v from 'valibot';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Its fields not read. */
export const JsonObject = v.custom<Record<string, unknown>>(isObject);

export function jsonObject<const TEntries extends v.ObjectEntries>(entries: TEntries, message?: string) {
  return v.pipe(v.custom<Record<string, unknown>>(isObject, message), v.object(entries));
}

/** Missing or not matching `schema`: undefined, rather than failing the object. */
export function orNothing<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.fallback(v.optional(schema), undefined);
}
