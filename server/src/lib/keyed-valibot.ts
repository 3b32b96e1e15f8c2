/**
 * valibot as the server uses it (lib/validation.ts exports it as `v`): the same functions, but each
 * that takes a message takes a catalogue key, since the message of a failed check becomes the error
 * item's key. A typo or a key missing from the catalogue is then a type error (`npm run typecheck`).
 * The local exports shadow the star export's functions of the same name; the values are valibot's own.
 */
import * as valibot from 'valibot';
import type { ErrorKey } from '../contract/error-keys.js';

export * from 'valibot';

type Key = ErrorKey;

/** Without a key where nothing but a string can come (a query parameter): any failure is `invalid_value`. */
export const string: <const M extends Key | undefined = undefined>(message?: M) => valibot.StringSchema<M> =
  valibot.string as never;
export const boolean: <const M extends Key>(message: M) => valibot.BooleanSchema<M> = valibot.boolean;
export const picklist: <const O extends valibot.PicklistOptions, const M extends Key>(
  options: O,
  message: M,
) => valibot.PicklistSchema<O, M> = valibot.picklist;
export const array: <const I extends valibot.GenericSchema, const M extends Key>(
  item: I,
  message: M,
) => valibot.ArraySchema<I, M> = valibot.array;
export const union: <const O extends valibot.UnionOptions, const M extends Key>(
  options: O,
  message: M,
) => valibot.UnionSchema<O, M> = valibot.union;
/** A literal's message may be left out: inside a union, the union's key is said. */
export const literal: <const L extends valibot.Literal, const M extends Key | undefined = undefined>(
  literal_: L,
  message?: M,
) => valibot.LiteralSchema<L, M> = valibot.literal as never;
export const regex: <I extends string, const M extends Key>(
  requirement: RegExp,
  message: M,
) => valibot.RegexAction<I, M> = valibot.regex;
export const maxLength: <I extends valibot.LengthInput, const R extends number, const M extends Key>(
  requirement: R,
  message: M,
) => valibot.MaxLengthAction<I, R, M> = valibot.maxLength;
export const minLength: <I extends valibot.LengthInput, const R extends number, const M extends Key>(
  requirement: R,
  message: M,
) => valibot.MinLengthAction<I, R, M> = valibot.minLength;
export const minValue: <I extends valibot.ValueInput, const R extends I, const M extends Key>(
  requirement: R,
  message: M,
) => valibot.MinValueAction<I, R, M> = valibot.minValue;
export const maxValue: <I extends valibot.ValueInput, const R extends I, const M extends Key>(
  requirement: R,
  message: M,
) => valibot.MaxValueAction<I, R, M> = valibot.maxValue;
export const check: <I, const M extends Key>(
  requirement: (input: I) => boolean,
  message: M,
) => valibot.CheckAction<I, M> = valibot.check;
