/**
 * A partner's bill (`/pay?receipt={id}`): who asks, for what and how much; the card to pay with (a
 * saved one, or a new one added here); Pay; then the outcome and the way back to the partner — its
 * `return_url`, which the server checked against the client's registered origins, followed only when
 * it is http(s) (safeReturnUrl).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { Loading } from '../../../components/loading';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { paymentsApi } from '../api/payments-api';
import { createBillModel, payable, safeReturnUrl } from '../models/bill-model';
import { cardLabel } from '../models/card-input';
import type { CardsModel } from '../models/cards-model';
import { AddCardForm } from './add-card-form';
import { amountText, MerchantLogo, StatusBadge } from './money';

function CardChoice(props: {
  cards: CardsModel;
  chosen: string;
  onChoose: (id: string) => void;
  error?: string;
  adding: boolean;
  setAdding: (adding: boolean) => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { adding, setAdding } = props;
  const cards = props.cards.cards.value;
  if (props.cards.loading.value && !props.cards.cardsFetched.value) return <Loading />;
  const add = (
    <AddCardForm
      onAdded={(card) => {
        props.cards.added(card);
        props.onChoose(card.id);
        setAdding(false);
      }}
      onCancel={() => setAdding(false)}
    />
  );
  if (cards.length === 0) return add;
  return (
    <>
      <fieldset className="pay-cards-choice" aria-describedby={props.error ? 'pay-card-error' : undefined}>
        <legend>{i18n.t('payments_pay_with')}</legend>
        {cards.map((card) => (
          <label key={card.id} className="pay-card-option">
            <input
              type="radio"
              name="card"
              value={card.id}
              checked={props.chosen === card.id}
              onChange={() => props.onChoose(card.id)}
            />
            <span>{cardLabel(card)}</span>
            {card.is_default ? <span className="badge badge-success">{i18n.t('payments_card_default')}</span> : null}
          </label>
        ))}
        <p id="pay-card-error" className="field-error" role="alert" hidden={!props.error}>
          {props.error}
        </p>
      </fieldset>
      {adding ? (
        add
      ) : (
        <div>
          <Button variant="text" onClick={() => setAdding(true)}>
            {i18n.t('payments_card_add_new')}
          </Button>
        </div>
      )}
    </>
  );
}

export function BillView({ id, cards }: { id: string; cards: CardsModel }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createBillModel({ api: paymentsApi(http, config.paymentApi), showError }));
  const [chosen, setChosen] = useState('');
  // While a new card is being added its form holds the view's one primary button, so Pay waits.
  const [adding, setAdding] = useState(false);
  useEffect(() => void model.load(id), [model, id]);
  useEffect(() => void cards.load(), [cards]);
  const receipt = model.receipt.value;
  const cardId = chosen || cards.cards.value.find((card) => card.is_default)?.id || cards.cards.value[0]?.id || '';
  if (model.state.value !== 'ready' || !receipt)
    return (
      <div className="stack">
        <h1>{i18n.t('payments_bill_title')}</h1>
        <LoadState state={model.state.value} onRetry={() => void model.load(id)} />
      </div>
    );
  const back = safeReturnUrl(receipt.return_url);
  const backLink = back ? (
    <a className="button button-primary" href={back}>
      {i18n.t('payments_back_to', { merchant: receipt.merchant.name })}
    </a>
  ) : null;
  const summary = (
    <div className="pay-receipt-head">
      <MerchantLogo merchant={receipt.merchant} />
      <div>
        <p className="pay-merchant-name">{receipt.merchant.name}</p>
        <p>{receipt.description}</p>
        <p className="pay-amount">{amountText(i18n, receipt.amount)}</p>
      </div>
      {payable(receipt) ? null : <StatusBadge status={receipt.status} />}
    </div>
  );
  if (!payable(receipt))
    return (
      <div className="stack">
        <h1>{i18n.t(receipt.status === 'paid' ? 'payments_bill_paid' : 'payments_bill_not_payable')}</h1>
        <section className="panel stack" aria-live="polite">
          {summary}
          {receipt.status === 'paid' ? (
            <EmptyState icon="check-circle" title={i18n.t('payments_bill_paid_text')} action={backLink} />
          ) : (
            backLink
          )}
        </section>
      </div>
    );
  const error = model.error.value;
  return (
    <div className="stack">
      <h1>{i18n.t('payments_bill_title')}</h1>
      <section className="panel stack" aria-label={i18n.t('payments_bill_title')}>
        {summary}
      </section>
      <CardChoice
        cards={cards}
        chosen={cardId}
        onChoose={setChosen}
        error={error ? i18n.t(error) : undefined}
        adding={adding}
        setAdding={setAdding}
      />
      {cardId && !adding && cards.cards.value.length > 0 ? (
        <div className="row">
          <Button busy={model.paying.value} onClick={() => void model.pay(cardId)}>
            {i18n.t('payments_pay_amount', { amount: amountText(i18n, receipt.amount) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
