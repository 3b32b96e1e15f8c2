import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { createI18n } from './i18n';
import { passwordChangedText } from './password-changed';

async function i18nIn(locale: 'en' | 'ru', texts: Record<string, string>) {
  const i18n = createI18n(() => Promise.resolve(texts));
  await i18n.setLocale(locale);
  return i18n;
}

describe('the confirmation of a new password', () => {
  it('says the password changed, then how many other sign-ins and app sessions ended', async () => {
    const i18n = await i18nIn('en', en);
    expect(passwordChangedText(i18n, 'password_changed_short', { others: 2, apps: 1 })).toBe(
      'Your password has been changed. 2 other sessions ended. 1 app session ended.',
    );
    expect(passwordChangedText(i18n, 'password_changed_short', { others: 0, apps: 3 })).toBe(
      'Your password has been changed. 3 app sessions ended.',
    );
    expect(passwordChangedText(i18n, 'password_changed', { apps: 0 })).toBe(en.password_changed);
  });

  it('uses the plural forms of the language', async () => {
    const i18n = await i18nIn('ru', ru);
    expect(passwordChangedText(i18n, 'password_changed_short', { apps: 5 })).toBe(
      'Пароль изменён. Завершено 5 сеансов приложений.',
    );
    expect(passwordChangedText(i18n, 'password_changed_short', { apps: 2 })).toBe(
      'Пароль изменён. Завершено 2 сеанса приложений.',
    );
  });
});
