/**
 * One passkey of Sign-in methods: its name, when it was made and last used, "Synced" when it is backed
 * up (WebAuthn L3 §6.1, the BS flag), Rename in place (1–64 characters, checked by the model so a long
 * name is said too long beside the field rather than cut short) and
 * Remove behind a question and then a fresh proof; the server refuses the last way in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { Icon } from '../../../components/icon';
import { Row } from '../../../components/row';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { relativeText } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { PasskeyView } from '../api/passkeys-api';
import type { PasskeysModel } from '../models/passkeys-model';
import { ConfirmRow } from './confirm-row';
import { ProofPanel } from './proof-panel';

type Open = 'none' | 'rename' | 'ask' | 'proof';

function RenameForm({ passkey, model, onDone }: { passkey: PasskeyView; model: PasskeysModel; onDone: () => void }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  return (
    <li className="row-wide passkey-edit">
      <StepForm
        onSubmit={async () => {
          if (!(await model.rename(passkey.id))) return;
          toasts.show('success', i18n.t('passkeys_renamed'), { replace: true });
          onDone();
        }}
      >
        <TextField
          label={i18n.t('passkeys_name_label')}
          autoComplete="off"
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- the field the person just asked for
          autoFocus
          {...fieldProps(model.name, i18n)}
        />
        <div className="row">
          <Button type="submit" busy={model.renameForm.busy.value}>
            {i18n.t('passkeys_save')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </li>
  );
}

export function PasskeyRow({ passkey, model, now }: { passkey: PasskeyView; model: PasskeysModel; now: number }) {
  const i18n = useI18n();
  const { toasts } = useServices();
  const [open, setOpen] = useState<Open>('none');
  const toggle = (what: Open) => setOpen(open === what ? 'none' : what);
  const when = [
    i18n.t('passkeys_created', { when: relativeText(i18n, passkey.created_at, now, true) }),
    passkey.last_used_at
      ? i18n.t('passkeys_last_used', { when: relativeText(i18n, passkey.last_used_at, now, true) })
      : i18n.t('passkeys_never_used'),
  ].join(' · ');
  return (
    <>
      <Row
        icon="key"
        label={passkey.name}
        detail={when}
        badge={passkey.backed_up ? <span className="badge badge-verified">{i18n.t('passkeys_synced')}</span> : null}
        action={
          <span className="row-actions">
            <Button
              variant="secondary"
              className="button-small row-action-compact"
              aria-expanded={open === 'rename'}
              aria-label={i18n.t('passkeys_rename_named', { name: passkey.name })}
              onClick={() => {
                model.renameForm.reset();
                model.name.value = passkey.name;
                toggle('rename');
              }}
            >
              <Icon name="pencil" />
              <span className="row-action-text">{i18n.t('passkeys_rename')}</span>
            </Button>
            <Button
              variant="secondary"
              className="button-small row-action-compact"
              aria-expanded={open === 'ask' || open === 'proof'}
              aria-label={i18n.t('passkeys_remove_named', { name: passkey.name })}
              onClick={() => setOpen(open === 'ask' || open === 'proof' ? 'none' : 'ask')}
            >
              <Icon name="trash" />
              <span className="row-action-text">{i18n.t('passkeys_remove')}</span>
            </Button>
          </span>
        }
      />
      {open === 'rename' ? <RenameForm passkey={passkey} model={model} onDone={() => setOpen('none')} /> : null}
      {open === 'ask' ? (
        <ConfirmRow
          question={i18n.t('passkeys_remove_confirm', { name: passkey.name })}
          confirmLabel={i18n.t('passkeys_remove')}
          onCancel={() => setOpen('none')}
          onConfirm={() => setOpen('proof')}
        />
      ) : null}
      {open === 'proof' ? (
        <li className="row-wide passkey-proof">
          <ProofPanel
            context={i18n.t('passkeys_remove_confirm', { name: passkey.name })}
            submitLabel={i18n.t('passkeys_remove')}
            onCancel={() => setOpen('none')}
            onProof={(proof) =>
              void model.remove(passkey.id, proof).then((removed) => {
                setOpen('none');
                if (removed)
                  toasts.show('success', i18n.t('passkeys_removed', { name: passkey.name }), { replace: true });
              })
            }
          />
        </li>
      ) : null}
    </>
  );
}
