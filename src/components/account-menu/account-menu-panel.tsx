import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { imageUrl } from '../../lib/format/image-url';
import { useServices } from '../../lib/services';
import { switchAccount } from '../../lib/switch-account';
import { useI18n } from '../../lib/use-i18n';
import { Avatar } from '../avatar';
import { Button } from '../button';
import { Icon } from '../icon';
import { focusByKey } from './menu-keys';
import { maskEmail, maskPhone } from '../../../server/src/contract/contact-masks.js';
import { signOutAll } from './sign-out-all';

/**
 * The account menu's content: the account this tab shows, the device's other accounts (one tap resumes
 * one in this tab only: lib/switch-account.ts), then Add account, Manage your account, Developers, Sign
 * out and Sign out of all, which asks first (the safe choice focused). `onClose(true)` hands the focus
 * back to the menu's button.
 */
export function AccountMenuPanel({ id, onClose }: { id: string; onClose: (returnFocus: boolean) => void }) {
  useSignals();
  const i18n = useI18n();
  const { session, http, config, navigate, showError } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  const user = session.user.value;
  if (!user) return null;
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  const saved = new Set(session.activeProfiles.value.map((profile) => profile.uuid));
  const others = session.profiles.value.filter((profile) => profile.uuid !== user.id);

  const leave = async (work: () => Promise<void>) => {
    setBusy(true);
    await work();
    onClose(false);
    navigate('/login', { replace: true });
  };
  const switchTo = async (uuid: string) => {
    setBusy(true);
    try {
      await switchAccount(session, http, uuid, true);
      onClose(true);
    } catch {
      // Its stored session has ended (signed out elsewhere, or expired): said, and on to its sign-in.
      showError({ status: 401, data: { errors: [{ error: 'session_expired' }] } });
      onClose(false);
      navigate('/login');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={id} className="account-menu-panel" role="group" aria-label={name} onKeyDown={focusByKey}>
      <div className="account-menu-current">
        <Avatar
          firstName={user.profile.first_name}
          lastName={user.profile.last_name}
          photoUrl={user.profile.photo ? imageUrl(user.profile.photo, config.imageCdn, '200x') : ''}
          large
        />
        <p className="account-menu-name">{name}</p>
        <p className="account-menu-contact nowrap">
          {user.phone ? maskPhone(user.phone) : user.email ? maskEmail(user.email) : ''}
        </p>
        <Link href="/" className="button button-secondary" data-menu-item onClick={() => onClose(false)}>
          {i18n.t('account_menu_manage')}
        </Link>
      </div>
      {others.length > 0 ? (
        <section className="account-menu-section" aria-label={i18n.t('account_menu_others')}>
          <p className="account-menu-heading" aria-hidden="true">
            {i18n.t('account_menu_others')}
          </p>
          <ul className="account-menu-list">
            {others.map((profile) => {
              const ended = !saved.has(profile.uuid);
              return (
                <li key={profile.uuid}>
                  <button
                    type="button"
                    className="account-menu-item account-menu-account"
                    data-menu-item
                    disabled={busy}
                    onClick={() => {
                      if (!ended) return void switchTo(profile.uuid);
                      onClose(false);
                      navigate('/login');
                    }}
                  >
                    <Avatar
                      firstName={profile.first_name}
                      lastName={profile.last_name}
                      photoUrl={profile.photo ?? ''}
                      small
                    />
                    <span className="account-menu-text">
                      <span className="account-menu-item-name">
                        {`${profile.first_name} ${profile.last_name}`.trim()}
                      </span>
                      <span className="account-menu-item-hint nowrap">
                        {ended
                          ? i18n.t('account_menu_ended')
                          : (profile.phone ?? profile.email ?? i18n.t('account_no_contact'))}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <ul className="account-menu-list account-menu-section">
        <li>
          <Link href="/login" className="account-menu-item" data-menu-item onClick={() => onClose(false)}>
            <Icon name="user-plus" />
            {i18n.t('account_menu_add')}
          </Link>
        </li>
        <li>
          <Link href="/developers" className="account-menu-item" data-menu-item onClick={() => onClose(false)}>
            <Icon name="code" />
            {i18n.t('section_developers')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="account-menu-item"
            data-menu-item
            disabled={busy}
            onClick={() => void leave(() => session.signOut())}
          >
            <Icon name="log-out" />
            {i18n.t('sign_out')}
          </button>
        </li>
        {others.length > 0 && !asking ? (
          <li>
            <button
              type="button"
              className="account-menu-item"
              data-menu-item
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              <Icon name="log-out" />
              {i18n.t('sign_out_all')}
            </button>
          </li>
        ) : null}
      </ul>
      {asking ? (
        <div className="confirm account-menu-confirm" role="group" aria-label={i18n.t('sign_out_all_question')}>
          <p className="confirm-question">{i18n.t('sign_out_all_question')}</p>
          <div className="row">
            <Button
              variant="danger"
              data-menu-item
              busy={busy}
              onClick={() => void leave(() => signOutAll(session, http, config.ssoApi))}
            >
              {i18n.t('sign_out_all')}
            </Button>
            <Button variant="secondary" data-menu-item ref={cancel} onClick={() => setAsking(false)}>
              {i18n.t('cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
