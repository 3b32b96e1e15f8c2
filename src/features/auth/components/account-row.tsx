import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import type { DeviceProfile } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import type { SignInModel } from '../models/sign-in-model';

/**
 * One account of the chooser: its photo (or initials), name and masked contact, marked when it is
 * the one signed in; the others can be forgotten on this device, asked twice (the safe choice focused).
 * "Forget" is named by its word and described by its title, which names the account: a search for
 * the account's name finds the account, not its Forget button.
 */
export function AccountRow(props: {
  model: SignInModel;
  profile: DeviceProfile;
  active: boolean;
  onChoose: () => void;
  onForget: () => Promise<void>;
}) {
  const { model, profile, active } = props;
  const i18n = useI18n();
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  const busy = model.form.busy.value;
  if (asking) {
    return (
      <div className="confirm" role="group" aria-label={i18n.t('forget_account_question', { name })}>
        <p className="confirm-question">{i18n.t('forget_account_question', { name })}</p>
        <p className="field-hint">{i18n.t('forget_account_hint')}</p>
        <div className="row">
          <Button variant="danger" onClick={() => void props.onForget().finally(() => setAsking(false))}>
            {i18n.t('forget_account')}
          </Button>
          <Button variant="secondary" ref={cancel} onClick={() => setAsking(false)}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="account-row">
      <button
        type="button"
        className="account"
        aria-current={active ? 'true' : undefined}
        onClick={props.onChoose}
        disabled={busy}
      >
        <Avatar firstName={profile.first_name} lastName={profile.last_name} photoUrl={profile.photo ?? ''} />
        <span className="account-text">
          <span className="account-name">{name}</span>
          {/* A provider-made account before its phone is confirmed has no contact yet: said so, not left blank. */}
          <span className="account-contact">{profile.phone ?? profile.email ?? i18n.t('account_no_contact')}</span>
        </span>
        {active ? <span className="badge">{i18n.t('account_signed_in')}</span> : null}
      </button>
      {active ? null : (
        <button
          type="button"
          className="link-button account-forget"
          onClick={() => setAsking(true)}
          title={i18n.t('forget_account_named', { name })}
          disabled={busy}
        >
          {i18n.t('forget_account')}
        </button>
      )}
    </div>
  );
}
