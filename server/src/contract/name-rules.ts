/**
 * The rule for a person's first and last name, both sides: the SPA checks every field of a form at
 * once with it, and the server's parsing (services/names.ts) is the same rule. Pure, no imports.
 */
export const NAME_MAX_LENGTH = 64;

/**
 * A name in any script: letters and marks, with the spaces, hyphens, dots and apostrophes
 * (O‘g‘li, D’Artagnan) that real names carry; no digits, no markup, no control characters.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\s'’‘`.-]*$/u;

/** Trimmed, inner runs of spaces made one. */
export const tidyName = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** The error key of a name as typed, or null when the server will take it. */
export function nameProblem(value: string): 'field_required' | 'invalid_name' | null {
  const name = tidyName(value);
  if (name === '') return 'field_required';
  return name.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(name) ? null : 'invalid_name';
}
