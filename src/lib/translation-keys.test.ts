/**
 * Every text the account site shows comes from the catalogue the server serves: a key used here and
 * missing in any of the five locales would show as an empty string. This reads the site's sources
 * and checks each key against all five catalogues.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import kaa from '../../server/src/locales/kaa.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import uz from '../../server/src/locales/uz.json' with { type: 'json' };
import uzc from '../../server/src/locales/uzc.json' with { type: 'json' };
import { ALIASES } from './api-error';
import { LOCALES } from './i18n';
import { TOAST_TYPES } from './toasts';

const CATALOGUES: Record<string, Record<string, string>> = { uz, uzc, kaa, ru, en };
// happy-dom gives modules an http: import.meta.url; the directory is still known to Node.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys written literally in calls of t() or tn(), and the `key: '…'` and `hint: '…'` entries of tables of texts. */
function literalKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sources(SRC)) {
    const code = readFileSync(file, 'utf8');
    // The arguments of t(…)/tn(…) up to the first parenthesis: a key, or a choice between keys.
    for (const call of code.matchAll(/\btn?\(([^()]*)/g)) {
      // …but not the operand of a comparison (`type === 'email' ? … : …`).
      for (const literal of (call[1] ?? '').matchAll(/(?<![=!]==\s*)'([a-z0-9_]+)'/g)) keys.add(literal[1] ?? '');
    }
    for (const match of code.matchAll(/\b(?:key|hint): '([a-z0-9_]+)'/g)) keys.add(match[1] ?? '');
  }
  return keys;
}

/** Keys built at run time: per locale, toast type, alias, verification status, gender and sign-in way. */
function builtKeys(): string[] {
  const statuses = ['verified', 'not_verified', 'in_moderation', 'failed'];
  return [
    ...LOCALES.map((locale) => `locale_${locale}`),
    ...TOAST_TYPES.map((type) => `toast_${type}`),
    ...Object.values(ALIASES),
    'timeout_try_2_min',
    'server_error',
    'error_try_again',
    ...statuses.flatMap((status) => [`verification_${status}`, `verification_${status}_text`]),
    'gender_male',
    'gender_female',
    ...['password', 'phone_code', 'email_code'].map((way) => `login_method_${way}`),
  ];
}

describe('the texts of the account site', () => {
  const used = [...literalKeys(), ...builtKeys()];

  it('finds the keys it checks (a broken reader would pass with none)', () => {
    expect(used.length).toBeGreaterThan(80);
    expect(used).toContain('login_title');
    expect(used).toContain('invalid_return_path');
  });

  it.each(Object.keys(CATALOGUES))('are all in the %s catalogue, none empty', (locale) => {
    const catalogue = CATALOGUES[locale] ?? {};
    const missing = used.filter((key) => !(typeof catalogue[key] === 'string' && catalogue[key].trim() !== ''));
    expect(missing).toEqual([]);
  });
});
