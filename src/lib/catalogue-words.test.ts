/**
 * One word for one thing in each language (issue 35): the e-mail is "почта" in Russian and
 * "elektron pochta" / "электрон почта" in Uzbek and Karakalpak, never also "e-mail" or "e-pochta";
 * the account is "аккаунт" / "akkaunt", never also "hisob"; a backup contact is the Security page's
 * "backup" word; the page of signed-in devices has one name wherever it is named.
 */
import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import kaa from '../../server/src/locales/kaa.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import uz from '../../server/src/locales/uz.json' with { type: 'json' };
import uzc from '../../server/src/locales/uzc.json' with { type: 'json' };

const CATALOGUES: Record<string, Record<string, string>> = { uz, uzc, kaa, ru, en };

/** The keys whose text uses `pattern`, placeholders left out. */
function using(locale: string, pattern: RegExp): string[] {
  return Object.entries(CATALOGUES[locale] ?? {})
    .filter(([, text]) => pattern.test(text.replaceAll(/\{\{\w+\}\}/g, '')))
    .map(([key]) => key);
}

describe("the catalogues' words", () => {
  it('say e-mail one way per language', () => {
    expect(using('ru', /e-?mail/i)).toEqual([]);
    expect(using('uz', /e-pochta|(?<!elektron )(?<!Elektron )\bpochta(?! indeks)/i)).toEqual([]);
    expect(using('kaa', /e-pochta|(?<!elektron )(?<!Elektron )\bpochta(?! indeks)/i)).toEqual([]);
    expect(using('uzc', /э-почта|(?<!электрон )(?<!Электрон )(?<![\p{L}])почта(?! индекс)/iu)).toEqual([]);
    expect(using('en', /\bemail\b|E-Mail/)).toEqual([]);
  });

  it('say account one way per language', () => {
    expect(using('uz', /hisob/i)).toEqual([]);
    expect(using('uzc', /ҳисоб/i)).toEqual([]);
    expect(using('ru', /учётн\w* запис/i)).toEqual([]);
  });

  it("say a backup contact with the Security page's word", () => {
    expect(using('ru', /запасн|дополнительн\w* контакт/i)).toEqual([]);
    expect(using('uz', /qo‘shimcha kontakt/i)).toEqual([]);
    expect(using('kaa', /qosımsha (baylanıs|nomer|elektron)/i)).toEqual([]);
  });

  it('name the page of signed-in devices the same wherever it is named', () => {
    for (const [locale, texts] of Object.entries(CATALOGUES)) {
      const names = new Set([texts.section_sessions, texts.sessions_title, texts.title_security_active_sessions]);
      expect([...names], locale).toHaveLength(1);
    }
  });
});
