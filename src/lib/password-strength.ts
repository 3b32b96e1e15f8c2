/**
 * A new password's strength as the form hints it while it is typed, before the server's check
 * against common passwords (server/src/lib/password-policy.ts: its 17,950-word list is 87 kB
 * gzip, past the 30 kB a lazy chunk may weigh, test/budget.test.ts). So the browser estimates instead,
 * NIST SP 800-63B §5.1.1.2's "guidance such as a password-strength meter": length and the kinds of
 * characters give the guesses an attacker needs, and what a dictionary or a keyboard makes easy (a
 * common word, a repeat, a run like 12345 or qwerty) counts for little. It says what to add, never a
 * rule to obey: the server alone refuses.
 */
import { normalizedPassword, PASSWORD_MIN_LENGTH } from '../../server/src/contract/password-rules.js';

export type Strength = 'weak' | 'fair' | 'strong';
/** What would help most: more length, more kinds of characters, or leaving the pattern. */
export type StrengthTip = 'longer' | 'mix' | 'pattern' | null;

/** Fragments every guesser tries first, in the languages Kirish speaks (lower case). */
const COMMON = [
  'password',
  'passw0rd',
  'parol',
  'qwerty',
  'йцукен',
  'asdf',
  'zxcv',
  'admin',
  'welcome',
  'letmein',
  'iloveyou',
  'love',
  'uzbek',
  'toshkent',
  'tashkent',
  'kirish',
  'пароль',
  'abc',
];
const RUNS = ['0123456789', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Characters that follow a run (123, abc, qwe) or repeat the one before: guessed almost for free. */
function patterned(lower: string): number {
  let cheap = 0;
  const chars = [...lower];
  for (let i = 1; i < chars.length; i++) {
    const pair = `${chars[i - 1]}${chars[i]}`;
    if (chars[i] === chars[i - 1] || RUNS.some((run) => run.includes(pair))) cheap++;
  }
  return cheap;
}

/** The estimate for a password of the allowed length; null for a shorter one (the length hint says that). */
export function passwordStrength(password: string): { strength: Strength; tip: StrengthTip } | null {
  const chars = [...normalizedPassword(password)];
  if (chars.length < PASSWORD_MIN_LENGTH) return null;
  const lower = chars.join('').toLowerCase();
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/\d/.test(password)) pool += 10;
  if (/[^\p{L}\p{N}]/u.test(password)) pool += 33;
  // Letters beyond ASCII (Cyrillic, oʻ, ǵ): a guesser's alphabet grows with them.
  if ([...password].some((char) => (char.codePointAt(0) ?? 0) > 0x7f)) pool += 66;
  // A common word counts as one character; each patterned one as almost nothing.
  let length = chars.length;
  for (const word of COMMON) if (lower.includes(word)) length -= word.length - 1;
  const cheap = patterned(lower);
  const bits = Math.max(0, length - cheap * 0.8) * Math.log2(Math.max(pool, 10));
  const strength: Strength = bits >= 64 ? 'strong' : bits >= 44 ? 'fair' : 'weak';
  if (strength === 'strong') return { strength, tip: null };
  const pattern = length < chars.length || cheap >= chars.length / 3;
  const tip: StrengthTip = pattern ? 'pattern' : pool <= 36 && chars.length < 14 ? 'mix' : 'longer';
  return { strength, tip };
}
