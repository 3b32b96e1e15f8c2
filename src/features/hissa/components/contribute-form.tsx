/**
 * Contribute (docs/hissa.md, A contribution): the amount as one of four choices or another amount of
 * whole so'm (its error beside it), the saved card to pay with (none: a link to /pay to add one), and
 * one primary "Contribute {amount}". A refusal is said under the card choice; what concerns the whole
 * attempt under the button.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { HISSA_PRESETS_TIYIN } from '../../../../server/src/contract/hissa.js';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { TextField } from '../../../components/text-field';
import { cardLabel } from '../../../lib/format/card-label';
import { useI18n } from '../../../lib/use-i18n';
import { amountAllowed, somText } from '../models/hissa-money';
import type { ProjectModel } from '../models/project-model';

function CardChoice({ model }: { model: ProjectModel }) {
  useSignals();
  const i18n = useI18n();
  const error = model.cardError.value;
  if (model.cardsState.value === 'loading') return <Loading />;
  if (model.cardsState.value === 'failed')
    return (
      <div role="alert">
        <p>{i18n.t('error_try_again')}</p>
        <Button variant="secondary" onClick={() => void model.retryCards()}>
          {i18n.t('retry')}
        </Button>
      </div>
    );
  return (
    <fieldset className="hissa-choice" aria-describedby={error ? 'hissa-card-error' : undefined}>
      <legend>{i18n.t('hissa_pay_with')}</legend>
      {model.cards.value.map((card) => (
        <label key={card.id} className="hissa-option">
          <input
            type="radio"
            name="hissa-card"
            value={card.id}
            checked={model.card.value === card.id}
            onChange={() => model.chooseCard(card.id)}
          />
          <span>{cardLabel(card)}</span>
        </label>
      ))}
      <p id="hissa-card-error" className="field-error" role="alert" hidden={!error}>
        {error ? i18n.t(error) : null}
      </p>
    </fieldset>
  );
}

export function ContributeForm({ model }: { model: ProjectModel }) {
  useSignals();
  const i18n = useI18n();
  const amount = model.amount.value;
  const amountError = model.amountError.value;
  const formError = model.formError.value;
  const noCard = model.cardsState.value === 'ready' && model.cards.value.length === 0;
  return (
    <section className="panel stack" aria-labelledby="hissa-contribute-title">
      <h2 id="hissa-contribute-title">{i18n.t('hissa_contribute_title')}</h2>
      {noCard ? (
        <EmptyState
          icon="credit-card"
          title={i18n.t('hissa_no_card')}
          action={
            <Link className="button button-secondary" href="/pay">
              {i18n.t('hissa_add_card')}
            </Link>
          }
        />
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void model.contribute();
          }}
        >
          <fieldset className="hissa-choice">
            <legend>{i18n.t('hissa_amount_choice')}</legend>
            <div className="hissa-presets">
              {HISSA_PRESETS_TIYIN.map((tiyin) => (
                <label key={tiyin} className="hissa-option hissa-preset">
                  <input
                    type="radio"
                    name="hissa-amount"
                    value={tiyin}
                    checked={model.preset.value === tiyin}
                    onChange={() => model.choosePreset(tiyin)}
                  />
                  <span>{somText(i18n, tiyin)}</span>
                </label>
              ))}
            </div>
            <TextField
              label={i18n.t('hissa_other_amount')}
              hint={i18n.t('hissa_other_amount_hint')}
              name="amount"
              inputMode="numeric"
              autoComplete="off"
              value={model.other.value}
              error={amountError ? i18n.t(amountError) : undefined}
              onValue={(value) => {
                model.choosePreset(null);
                model.setOther(value);
              }}
            />
          </fieldset>
          <CardChoice model={model} />
          <div className="row">
            <Button type="submit" busy={model.paying.value} disabled={!model.card.value}>
              {amountAllowed(amount)
                ? i18n.t('hissa_contribute_amount', { amount: somText(i18n, amount) })
                : i18n.t('hissa_contribute_title')}
            </Button>
          </div>
          <p className="field-error" role="alert" hidden={!formError}>
            {formError ? i18n.t(formError) : null}
          </p>
        </form>
      )}
    </section>
  );
}
