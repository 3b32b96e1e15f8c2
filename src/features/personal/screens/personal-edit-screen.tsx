/** /personal/edit: names, username, birth date, gender and the photo. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { ImagePicker } from '../../../components/image-picker';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import type { Field } from '../../../lib/form';
import { maskDottedDate } from '../../../lib/format/birth-date';
import { imageUrl } from '../../../lib/format/image-url';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { createProfileEditModel, type ProfileEditModel } from '../models/profile-edit-model';

function PhotoSection({ model, user }: { model: ProfileEditModel; user: UserProfile }) {
  useSignals();
  const { config } = useServices();
  const photo = user.profile.photo;
  return (
    <ImagePicker
      className="photo-section"
      image={
        <Avatar
          firstName={user.profile.first_name}
          lastName={user.profile.last_name}
          photoUrl={photo ? imageUrl(photo, config.imageCdn, '200x') : ''}
          large
        />
      }
      hasImage={Boolean(photo)}
      error={model.form.errors.value.photo}
      keys={{
        title: 'photo_label',
        upload: 'photo_upload',
        change: 'photo_change',
        hint: 'photo_hint',
        remove: 'photo_remove',
        removeConfirm: 'photo_remove_confirm',
        saved: 'photo_saved',
        removed: 'photo_removed',
      }}
      upload={(file) => model.uploadPhoto(file)}
      remove={() => model.removePhoto()}
    />
  );
}

export default function PersonalEditScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config, session, showError, navigate, toasts } = useServices();
  const user = session.user.value;
  const [model] = useState(() =>
    user
      ? createProfileEditModel({
          http,
          ssoApi: config.ssoApi,
          user,
          showError,
          now: () => new Date(),
          onChanged: (profile) => session.replaceUser(profile),
        })
      : null,
  );
  useEffect(() => () => model?.dispose(), [model]);
  if (!user || !model) return null;
  const field = (value: Field<string>, label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} name={value.name} {...fieldProps(value, i18n)} {...extra} />
  );
  return (
    <div className="stack narrow-form">
      <p>
        <Link href="/personal">← {i18n.t('personal_title')}</Link>
      </p>
      <h1>{i18n.t('personal_edit_title')}</h1>
      <PhotoSection model={model} user={user} />
      <StepForm
        onSubmit={async () => {
          if (await model.save()) {
            toasts.show('success', i18n.t('profile_saved'), { replace: true });
            navigate('/personal');
          }
        }}
      >
        {field(model.firstName, i18n.t('first_name_label'), { autoComplete: 'given-name' })}
        {field(model.lastName, i18n.t('last_name_label'), { autoComplete: 'family-name' })}
        {field(model.middleName, i18n.t('middle_name_label'), { autoComplete: 'additional-name' })}
        {/* Checked while typed (docs/product.md §9): the field's error is a live region, read out when it appears. */}
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
        <fieldset className="field">
          <legend>{i18n.t('gender_label')}</legend>
          <div className="row">
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
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('save')}
          </Button>
          <Link href="/personal" className="button button-secondary">
            {i18n.t('cancel')}
          </Link>
        </div>
      </StepForm>
    </div>
  );
}
