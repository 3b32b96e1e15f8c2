/**
 * The one wrapper around valibot: request bodies and queries are checked against a schema, and
 * every problem becomes an error item `{error: <catalogue key>, field}`. Unknown fields, missing
 * fields, wrong types and malformed JSON are all 400s with a key, never a 500.
 */
import type { Context } from 'hono';
import type { ErrorKey } from '../contract/error-keys.js';
import type { ErrorItem } from '../contract/errors.js';
import { ApiError } from './api-error.js';
import * as v from './keyed-valibot.js';
import { requestText } from './request-body.js';

/** valibot, every message a catalogue key (keyed-valibot.ts). */
export { v };

const KEY = /^[a-z][a-z0-9_]*$/;

function fieldOf(issue: v.BaseIssue<unknown>): string | undefined {
  const keys = issue.path?.map((item) => String(item.key));
  return keys && keys.length > 0 ? keys.join('.') : undefined;
}

function toItem(issue: v.BaseIssue<unknown>): ErrorItem {
  const field = fieldOf(issue);
  let error: ErrorKey;
  if (issue.type === 'strict_object' && issue.expected === 'never') error = 'unknown_field';
  else if ((issue.type === 'object' || issue.type === 'strict_object') && issue.input === undefined && field) {
    error = 'field_required';
  }
  // keyed-valibot.ts lets only catalogue keys be messages; valibot's own default sentences are not keys.
  else if (KEY.test(issue.message)) error = issue.message as ErrorKey;
  else error = 'invalid_value';
  return field === undefined ? { error } : { error, field };
}

export function parseWith<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const items: ErrorItem[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const item = toItem(issue);
    const id = `${item.field ?? ''}:${item.error}`;
    if (!seen.has(id)) {
      seen.add(id);
      items.push(item);
    }
  }
  throw new ApiError(400, items);
}

/** Reads a JSON body (the body limit is enforced before this runs) and validates it. */
export async function readJsonBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const type = c.req.header('content-type') ?? '';
  // Requiring JSON also keeps plain HTML forms from other sites out: they cannot send this type.
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new ApiError(415, [{ error: 'unsupported_media_type' }]);
  let data: unknown;
  try {
    data = JSON.parse(await requestText(c));
  } catch {
    throw new ApiError(400, [{ error: 'invalid_json' }]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ApiError(400, [{ error: 'invalid_json' }]);
  return parseWith(schema, data);
}

/** The field names one of two object types has and the other lacks. */
type UnsharedKeys<A, B> = Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>;

/**
 * Binds a request schema to the contract's type of that request (server/src/contract), which is
 * what the SPA sends: the schema takes exactly the contract's fields, each of a type the contract
 * allows. A field renamed, added or dropped on either side then fails the server's type check here
 * (and through the contract the SPA's), not a person's request at run time. Returns the schema as is.
 */
export function requestSchema<TRequest>() {
  return <TSchema extends v.GenericSchema<TRequest, unknown>>(
    schema: TSchema &
      ([UnsharedKeys<v.InferInput<TSchema>, TRequest>] extends [never]
        ? unknown
        : { fieldsNotInBoth: UnsharedKeys<v.InferInput<TSchema>, TRequest> }),
  ): TSchema => schema;
}

/** A string field with a catalogue key for each way it can be wrong. */
export function text(maxLength: number, tooLongKey: ErrorKey = 'field_too_long') {
  return v.pipe(v.string('invalid_value'), v.maxLength(maxLength, tooLongKey));
}

/** A string the `normalize` function turns into its normal form, or rejects with `errorKey`. */
export function normalized(normalize: (input: string) => string | null, errorKey: ErrorKey) {
  return v.pipe(
    v.string(errorKey),
    v.maxLength(320, errorKey),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = normalize(dataset.value);
      if (value === null) {
        addIssue({ message: errorKey });
        return NEVER;
      }
      return value;
    }),
  );
}
