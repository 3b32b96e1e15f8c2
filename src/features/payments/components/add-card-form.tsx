/**
 * Adding a card: the number (4-4-4-4, `cc-number`) and the expiry (MM/YY, `cc-exp`), each with its
 * error beside it (HTML §4.10.18.7.1 autofill names, so the browser's saved cards fill them), then the
 * product's code step for the code the processor sent to the card's phone.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { fieldProps } from '../../../components/field-props';
import { StepForm } from '../../../components/step-form';
import { TextField } from '../../../components/text-field';
import { CodeStep } from '../../../components/verification/code-step';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { SavedCard } from '../api/payments-api';
import { paymentsApi } from '../api/payments-api';
import { createAddCardModel, type AddCardModel } from '../models/add-card-model';

export function useAddCardModel(onAdded: (card: SavedCard) => void): AddCardModel {
  const { http, config, showError, toasts, i18n } = useServices();
  const [model] = useState(() =>
    createAddCardModel({
      api: paymentsApi(http, config.paymentApi),
      http,
      showError,
      now: () => Date.now(),
      announce: (key, to) => toasts.show('success', i18n.t(key, { to }), { replace: true }),
      onAdded,
    }),
  );
  return model;
}

export function AddCardForm({ onAdded, onCancel }: { onAdded: (card: SavedCard) => void; onCancel: () => void }) {
  useSignals();
  const i18n = useI18n();
  const model = useAddCardModel(onAdded);
  if (model.step.value === 'code') {
    return (
      <section className="panel" aria-labelledby="pay-add-card-title">
        <h2 id="pay-add-card-title">{i18n.t('payments_card_code_title')}</h2>
        <CodeStep
          codes={model.codes}
          form={model.form}
          submitLabel={i18n.t('payments_card_save')}
          hint={i18n.t('payments_card_code_hint', { to: model.phone.value })}
          onSubmit={() => void model.verify()}
          onBack={() => model.back()}
        />
      </section>
    );
  }
  const number = fieldProps(model.number, i18n);
  const expire = fieldProps(model.expire, i18n);
  return (
    <section className="panel" aria-labelledby="pay-add-card-title">
      <h2 id="pay-add-card-title">{i18n.t('payments_card_add')}</h2>
      <StepForm onSubmit={() => void model.send()}>
        <TextField
          label={i18n.t('payments_card_number')}
          {...number}
          onValue={model.setNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="0000 0000 0000 0000"
          maxLength={19}
          autoFocus
        />
        <TextField
          label={i18n.t('payments_card_expiry')}
          hint={i18n.t('payments_card_expiry_hint')}
          {...expire}
          onValue={model.setExpire}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          className="pay-expiry"
        />
        <div className="row">
          <Button type="submit" busy={model.form.busy.value}>
            {i18n.t('payments_card_send_code')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {i18n.t('cancel')}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}
