// JSON kept outside the code (storage, a manifest), read checked: anything odd is described, never thrown.
import * as v from 'valibot';

export type JsonRead<T> = { ok: true; value: T } | { ok: false; problem: string; issue?: v.BaseIssue<unknown> };

/** `subject` names what is read in the problem: "the stored cart is not valid JSON". */
export function readJson<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  raw: string,
  subject: string,
  { plural = false, at = true }: { plural?: boolean; at?: boolean } = {},
): JsonRead<v.InferOutput<TSchema>> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, problem: `${subject} ${plural ? 'are' : 'is'} not valid JSON` };
  }
  const parsed = v.safeParse(schema, json);
  if (parsed.success) return { ok: true, value: parsed.output };
  const issue = parsed.issues[0];
  const where = at ? v.getDotPath(issue) : null;
  return {
    ok: false,
    problem: `${subject} ${plural ? 'have' : 'has'} an unexpected shape${where ? ` at ${where}` : ''}`,
    issue,
  };
}
