import { useId } from 'react';
import { LANGUAGE_TAGS, LOCALES, isLocale } from '../lib/i18n';
import { useI18n } from '../lib/use-i18n';

/** The five locales, each named in its own language (the catalogue's locale_* keys). */
export function LocaleSwitcher() {
  const i18n = useI18n();
  const id = useId();
  return (
    <div className="locale-switcher">
      {/* A label beside the select, not around it: wrapped, its name would include the chosen option. */}
      <label htmlFor={id} className="visually-hidden">
        {i18n.t('choose_language')}
      </label>
      <select
        id={id}
        value={i18n.locale.value}
        onChange={(event) => {
          if (isLocale(event.target.value)) void i18n.setLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={LANGUAGE_TAGS[locale]}>
            {i18n.t(`locale_${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
