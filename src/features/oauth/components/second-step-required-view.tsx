import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';
import type { ConsentModel } from '../models/consent-model';
import { ConsentHeader } from './consent-header';

/**
 * The app asked for a sign-in with a second factor (`acr_values`, docs/partners.md) and the account has
 * neither an authenticator app nor a passkey: say so, link to two-step verification's setup (a page
 * of its own, which returns nowhere: the person comes back to the app themselves), and Cancel, which
 * tells the app `unmet_authentication_requirements` at its verified address.
 */
export function SecondStepRequiredView({ model }: { model: ConsentModel }) {
  useSignals();
  const i18n = useI18n();
  const client = model.client.value;
  if (!client) return null;
  return (
    <div className="stack consent">
      <ConsentHeader
        client={client}
        title={i18n.t('consent_two_step_title', { app: client.name })}
        destination={model.destination}
      />
      <p>{i18n.t('consent_two_step_text', { app: client.name })}</p>
      <div className="row">
        <Link className="button button-primary" href="/security/two-step/">
          {i18n.t('consent_two_step_set_up')}
        </Link>
        <Button variant="secondary" busy={model.busy.value} onClick={() => void model.cancelUnmet()}>
          {i18n.t('cancel')}
        </Button>
      </div>
    </div>
  );
}
