/** The profile's fields, each part once: the whole edit page and the one-thing pages put the same ones on. */
import { useSignals } from '@preact/signals-react/runtime';
import { fieldProps } from '../../../components/field-props';
import { TextField } from '../../../components/text-field';
import { maskDottedDate } from '../../../lib/format/birth-date';
import { useI18n } from '../../../lib/use-i18n';
import type { ProfileEditModel } from '../models/profile-edit-model';

/** First, last and middle name: a name is edited whole. */
export function NameFields({ model }: { model: ProfileEditModel }) {
  useSignals();
  const i18n = useI18n();
  return (
    <>
      <TextField
        label={i18n.t('first_name_label')}
        name="first_name"
        autoComplete="given-name"
        {...fieldProps(model.firstName, i18n)}
      />
      <TextField
        label={i18n.t('last_name_label')}
        name="last_name"
        autoComplete="family-name"
        {...fieldProps(model.lastName, i18n)}
      />
      <TextField
        label={i18n.t('middle_name_label')}
        name="middle_name"
        autoComplete="additional-name"
        {...fieldProps(model.middleName, i18n)}
      />
    </>
  );
}

/** Checked while typed (docs/product.md §9): the field's error is a live region, read out when it appears. */
export function UsernameField({ model }: { model: ProfileEditModel }) {
  useSignals();
  const i18n = useI18n();
  return (
    <TextField
      label={i18n.t('username_label')}
      name="username"
      {...fieldProps(model.username, i18n)}
      onValue={(next) => model.typeUsername(next)}
      hint={i18n.t('username_hint')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

export function BirthDateField({ model }: { model: ProfileEditModel }) {
  useSignals();
  const i18n = useI18n();
  return (
    <TextField
      label={i18n.t('birth_date_label')}
      name="birth_date"
      inputMode="numeric"
      autoComplete="bday"
      maxLength={10}
      hint={i18n.t('birth_date_hint')}
      {...fieldProps(model.birthDate, i18n)}
      onValue={(value) => model.birthDate.set(maskDottedDate(value))}
    />
  );
}

export function GenderField({ model }: { model: ProfileEditModel }) {
  useSignals();
  const i18n = useI18n();
  return (
    <fieldset className="field">
      <legend>{i18n.t('gender_label')}</legend>
      <div className="choice-list">
        {(['male', 'female', ''] as const).map((value) => (
          <label key={value || 'unset'} className="checkbox">
            <input
              type="radio"
              name="gender"
              value={value}
              checked={model.gender.value === value}
              onChange={() => model.gender.set(value)}
            />
            <span>{i18n.t(value ? `gender_${value}` : 'personal_not_set')}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
