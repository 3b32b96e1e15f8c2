/**
 * Sign-in methods' "Passkeys" group (issue 41): each passkey a row (passkey-row.tsx), an empty state
 * saying what a passkey is, and "Add a passkey": a fresh proof, the server's creation options, the
 * browser's prompt (lib/webauthn.ts), the credential back. A prompt closed is no error (WebAuthn L3
 * §6.3.2 cannot tell closing from a timeout); a browser without WebAuthn gets the reason instead of Add.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { RowList } from '../../../components/row';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { createPasskey, passkeysSupported } from '../../../lib/webauthn';
import { passkeysApi } from '../api/passkeys-api';
import { createPasskeysModel, type PasskeysModel } from '../models/passkeys-model';
import { PasskeyRow } from './passkey-row';
import { ProofPanel } from './proof-panel';

function AddPasskey({ model }: { model: PasskeysModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const [asking, setAsking] = useState(false);
  /** The calm line after the prompt gave nothing: closed, or this device has one already. */
  const [note, setNote] = useState<string | null>(null);
  if (!passkeysSupported()) return <p className="field-hint">{i18n.t('passkeys_unsupported')}</p>;
  if (asking)
    return (
      <ProofPanel
        context={i18n.t('passkeys_add_context')}
        submitLabel={i18n.t('passkeys_continue')}
        onCancel={() => setAsking(false)}
        onProof={(proof) => {
          // The browser's prompt comes next; meanwhile "Add a passkey" waits, busy.
          setAsking(false);
          void model.add(proof).then((outcome) => {
            if (!outcome) return;
            if ('added' in outcome) {
              setNote(null);
              toasts.show('success', i18n.t('passkeys_added', { name: outcome.added.name }), { replace: true });
            } else {
              setNote(
                i18n.t(
                  outcome.failure === 'exists'
                    ? 'passkeys_exists_here'
                    : outcome.failure === 'cancelled'
                      ? 'passkeys_cancelled'
                      : outcome.failure === 'unsupported'
                        ? 'passkeys_unsupported'
                        : 'passkeys_failed',
                ),
              );
            }
          });
        }}
      />
    );
  return (
    <div className="stack-tight">
      <div>
        <Button variant="secondary" busy={model.adding.value} onClick={() => setAsking(true)}>
          {i18n.t('passkeys_add')}
        </Button>
      </div>
      {note ? (
        <p className="field-hint" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}

export function Passkeys({ now }: { now: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() =>
    createPasskeysModel({ api: passkeysApi(http, config.ssoApi), showError, create: createPasskey }),
  );
  useEffect(() => {
    void model.load();
  }, [model]);
  const ready = model.state.value === 'ready';
  const passkeys = model.passkeys.value;
  return (
    <div className="stack-tight" id="passkeys">
      <RowList id="passkeys-list" title={i18n.t('passkeys_title')}>
        {!ready ? (
          <li className="row-wide">
            <LoadState state={model.state.value} onRetry={() => void model.load()} />
          </li>
        ) : null}
        {ready && passkeys.length === 0 ? (
          <li className="row-wide">
            <EmptyState icon="key" title={i18n.t('passkeys_empty')} text={i18n.t('passkeys_empty_text')} />
          </li>
        ) : null}
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} model={model} now={now} />
        ))}
      </RowList>
      {ready ? <AddPasskey model={model} /> : null}
    </div>
  );
}
