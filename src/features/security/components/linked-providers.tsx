/**
 * The login-methods page's linked providers (issue 36): each linked one a row (its mark, its name, what
 * the provider calls the person, when it was linked) with "Unlink" behind a question; each offered one
 * not linked yet a row with "Link", which starts that provider's flow. The server refuses to unlink
 * the last way into the account (`last_sign_in_method`), and its sentence is shown as it says it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { LinkedIdentity } from '../../../../server/src/contract/social.js';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { ProviderMark, providerName } from '../../../components/provider-mark';
import { Row, RowList } from '../../../components/row';
import { relativeText } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { LoginMethodsModel } from '../models/login-methods-model';
import { ConfirmRow } from './confirm-row';

function LinkedRow({ identity, model, now }: { identity: LinkedIdentity; model: LoginMethodsModel; now: number }) {
  const i18n = useI18n();
  const { toasts } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = providerName(identity.provider);
  return (
    <>
      <Row
        media={<ProviderMark provider={identity.provider} />}
        label={name}
        detail={identity.display ?? undefined}
        value={
          identity.linked_at
            ? i18n.t('login_methods_linked_at', { when: relativeText(i18n, identity.linked_at, now, true) })
            : undefined
        }
        action={
          <Button
            variant="secondary"
            className="button-small row-action-compact"
            aria-expanded={asking}
            aria-label={i18n.t('login_methods_unlink_named', { provider: name })}
            onClick={() => setAsking(!asking)}
          >
            <Icon name="x" />
            <span className="row-action-text">{i18n.t('login_methods_unlink')}</span>
          </Button>
        }
      />
      {asking ? (
        <ConfirmRow
          question={i18n.t('login_methods_unlink_confirm', { provider: name })}
          confirmLabel={i18n.t('login_methods_unlink')}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setBusy(true);
            const unlinked = await model.unlink(identity.provider);
            setBusy(false);
            setAsking(false);
            if (unlinked)
              toasts.show('success', i18n.t('login_methods_unlinked', { provider: name }), { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

export function LinkedProviders({ model, now }: { model: LoginMethodsModel; now: number }) {
  useSignals();
  const i18n = useI18n();
  const linked = model.linked.value;
  const linking = model.linking.value;
  // Back from the provider's page out of the back-forward cache (HTML "pageshow", persisted): Link is ready again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (event.persisted) model.linking.value = null;
    };
    addEventListener('pageshow', ready);
    return () => removeEventListener('pageshow', ready);
  }, [model]);
  return (
    <RowList id="linked" title={i18n.t('login_methods_linked')}>
      {linked.length === 0 ? (
        <li className="row-wide">
          <EmptyState
            icon="log-in"
            title={i18n.t('login_methods_linked_empty')}
            text={i18n.t('login_methods_linked_empty_text')}
          />
        </li>
      ) : null}
      {linked.map((identity) => (
        <LinkedRow key={identity.provider} identity={identity} model={model} now={now} />
      ))}
      {model.linkable.value.map((provider) => {
        const name = providerName(provider);
        return (
          <Row
            key={provider}
            media={<ProviderMark provider={provider} />}
            label={name}
            detail={i18n.t('login_methods_not_linked')}
            action={
              <Button
                variant="secondary"
                className="button-small"
                busy={linking === provider}
                disabled={linking !== null && linking !== provider}
                aria-label={i18n.t('login_methods_link_named', { provider: name })}
                onClick={() => void model.link(provider)}
              >
                {i18n.t('login_methods_link')}
              </Button>
            }
          />
        );
      })}
    </RowList>
  );
}
