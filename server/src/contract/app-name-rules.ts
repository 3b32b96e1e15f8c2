/**
 * The rule for an app's name, both sides: the Developers form checks it as typed and the server's
 * registry (services/client-registry.ts) refuses what it refuses. The consent screen shows the name
 * as the app's identity, so a name must look like what it is: no character that is invisible or that
 * reorders the text around it. Pure, no imports but the contract's.
 */
import { APP_NAME_MAX_LENGTH } from './client-uris.js';

export type AppNameProblem = 'field_required' | 'app_name_too_long' | 'app_name_hidden_characters';

/**
 * Characters a person cannot see, or that change how the rest is shown:
 * - controls (Cc), line and paragraph separators (Zl, Zp), private-use characters (Co);
 * - format characters (Cf): the bidirectional embeddings, overrides and isolates U+202A–U+202E and
 *   U+2066–U+2069, the marks U+200E, U+200F and U+061C (Unicode UAX #9 §2, and UTS #39 §3 / Unicode
 *   Technical Report #36 §2.1 on bidi spoofing), zero-width spaces and joiners U+200B–U+200D, U+2060,
 *   U+FEFF, the soft hyphen, tag characters;
 * - every Default_Ignorable_Code_Point (UAX #44): beside the above, the Hangul fillers U+115F,
 *   U+1160, U+3164, U+FFA0, the combining grapheme joiner, variation selectors;
 * - the blank Braille pattern U+2800, which renders as a space but is not one;
 * - any space other than the plain U+0020 (no-break, ideographic, em spaces …), which could pad a
 *   name so another follows unseen.
 * An emoji built with a joiner or a variation selector is refused with them: a plain name is asked for.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|[^\S ]/u;

/** Whether `name` holds a character the consent screen could not show honestly. */
export const hasHiddenCharacters = (name: string): boolean => HIDDEN.test(name);

/** The error key of an app's name as typed (trimmed), or null when the server will take it. */
export function appNameProblem(value: string): AppNameProblem | null {
  const name = value.trim();
  if (name === '') return 'field_required';
  // Counted in code points, as a person counts characters, on both sides.
  if ([...name].length > APP_NAME_MAX_LENGTH) return 'app_name_too_long';
  return hasHiddenCharacters(name) ? 'app_name_hidden_characters' : null;
}

/**
 * The name as the consent screen shows it: an app registered before the rule above keeps its name,
 * but each hidden character is written out as its code point (`⟨U+202E⟩`), so it can pose as no
 * other app and its owner sees what to correct.
 */
export function visibleAppName(name: string): string {
  if (!hasHiddenCharacters(name)) return name;
  return [...name]
    .map((character) =>
      character === ' ' || !hasHiddenCharacters(character)
        ? character
        : `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
    )
    .join('');
}
