import { useSignals } from '@preact/signals-react/runtime';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { imageUrl } from '../../../lib/format/image-url';
import { formatPhone } from '../../../lib/format/phone';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { ConsentModel } from '../models/consent-model';
import { scopesToAsk } from '../models/scopes-to-ask';
import { ConsentHeader } from './consent-header';

/**
 * The consent screen: which app asks, for which account, and what it may see, each scope in plain
 * words, leaving out what the account has nothing for (scopes-to-ask.ts), the app's privacy policy and
 * terms; Allow and Deny. `onSwitchAccount` offers another account of this device.
 */
export function ConsentView({ model, onSwitchAccount }: { model: ConsentModel; onSwitchAccount: () => void }) {
  useSignals();
  const i18n = useI18n();
  const { session, config } = useServices();
  const client = model.client.value;
  const user = session.user.value;
  if (!client || !user) return null;
  const scopeText = (scope: string) => {
    const key = `scope_${scope}`;
    return i18n.has(key) ? i18n.t(key) : i18n.t('scope_other', { scope });
  };
  return (
    <div className="stack consent">
      <ConsentHeader
        client={client}
        title={i18n.t('consent_title', { app: client.name })}
        destination={model.destination}
      />
      <div className="consent-account">
        <Avatar
          firstName={user.profile.first_name}
          lastName={user.profile.last_name}
          photoUrl={user.profile.photo ? imageUrl(user.profile.photo, config.imageCdn) : ''}
        />
        <span className="account-text">
          <span className="account-name">
            {user.profile.first_name} {user.profile.last_name}
          </span>
          <span className="account-contact">{user.phone ? formatPhone(user.phone) : user.email}</span>
        </span>
        <button type="button" className="link-button" onClick={onSwitchAccount}>
          {i18n.t('consent_switch_account')}
        </button>
      </div>
      <div>
        <h2 className="consent-scopes-title">{i18n.t('consent_scopes_title', { app: client.name })}</h2>
        <ul className="consent-scopes">
          {scopesToAsk(model.scopes.value, user).map((scope) => (
            <li key={scope}>{scopeText(scope)}</li>
          ))}
        </ul>
      </div>
      <div className="row">
        <Button busy={model.busy.value} onClick={() => void model.allow()}>
          {i18n.t('consent_allow')}
        </Button>
        <Button variant="secondary" disabled={model.busy.value} onClick={() => void model.deny()}>
          {i18n.t('consent_deny')}
        </Button>
      </div>
      {/* The pages the app registered (client-registry.ts requires the policy): read before allowing. */}
      {client.privacy_policy_url || client.terms_url ? (
        <p className="consent-legal">
          <span>{i18n.t('consent_app_legal', { app: client.name })}</span>{' '}
          {client.privacy_policy_url ? (
            <a href={client.privacy_policy_url} target="_blank" rel="noopener noreferrer">
              {i18n.t('legal_privacy')}
            </a>
          ) : null}
          {client.privacy_policy_url && client.terms_url ? ' · ' : null}
          {client.terms_url ? (
            <a href={client.terms_url} target="_blank" rel="noopener noreferrer">
              {i18n.t('legal_terms')}
            </a>
          ) : null}
        </p>
      ) : null}
      <p className="field-hint">{i18n.t('consent_revoke_hint')}</p>
    </div>
  );
}
