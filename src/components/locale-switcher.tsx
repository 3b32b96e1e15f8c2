import { LOCALES, isLocale } from '../lib/i18n';
import { useI18n } from '../lib/use-i18n';

/** The five locales, each named in its own language (the catalogue's locale_* keys). */
export function LocaleSwitcher() {
  const i18n = useI18n();
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{i18n.t('choose_language')}</span>
      <select
        value={i18n.locale.value}
        onChange={(event) => {
          if (isLocale(event.target.value)) void i18n.setLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale === 'uzc' ? 'uz-Cyrl' : locale === 'uz' ? 'uz-Latn' : locale}>
            {i18n.t(`locale_${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
