/**
 * An edit page of the profile: the way back, the heading, the page's fields, and one Save beside a
 * Cancel that goes back with nothing sent. On Save every problem is said beside its field at once
 * and the focus goes to the first (StepForm); once saved, Personal shows the new values.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { StepForm } from '../../../components/step-form';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { createProfileEditModel, type ProfileEditModel, type ProfilePart } from '../models/profile-edit-model';

export function ProfileEditPage(props: {
  parts: readonly ProfilePart[];
  title: CatalogueKey;
  children: (model: ProfileEditModel, user: UserProfile) => ReactNode;
}) {
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
          parts: props.parts,
          showError,
          now: () => new Date(),
          onChanged: (profile) => session.replaceUser(profile),
        })
      : null,
  );
  useEffect(() => () => model?.dispose(), [model]);
  if (!user || !model) return null;
  return (
    <div className="stack narrow-form">
      <p>
        <Link href="/personal">← {i18n.t('personal_title')}</Link>
      </p>
      <h1>{i18n.t(props.title)}</h1>
      <StepForm
        onSubmit={async () => {
          if (await model.save()) {
            toasts.show('success', i18n.t('profile_saved'), { replace: true });
            navigate('/personal');
          }
        }}
      >
        {props.children(model, user)}
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
