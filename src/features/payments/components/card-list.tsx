/**
 * The saved cards as rows: the brand and last digits, the expiry, "Default"; under each, making it the
 * default and removing it (asked first, ConfirmButton: the question on a line of its own across the list).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { EmptyState } from '../../../components/empty-state';
import { Loading } from '../../../components/loading';
import { Row, RowList } from '../../../components/row';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import type { SavedCard } from '../api/payments-api';
import { cardLabel } from '../models/card-input';
import type { CardsModel } from '../models/cards-model';

function CardRow({ card, model }: { card: SavedCard; model: CardsModel }) {
  useSignals();
  const i18n = useI18n();
  const { toasts } = useServices();
  const label = cardLabel(card);
  const busy = model.busy.value === card.id;
  return (
    <>
      <Row
        icon="credit-card"
        label={label}
        // No value column: the masked number and the expiry read as one line under the label.
        detail={`${card.masked_number} · ${i18n.t('payments_card_expires', { expire: card.expire })}`}
        badge={card.is_default ? <span className="badge badge-success">{i18n.t('payments_card_default')}</span> : null}
      />
      <li className="row-confirm pay-card-actions">
        {card.is_default ? null : (
          <Button variant="text" busy={busy} onClick={() => void model.makeDefault(card.id)}>
            {i18n.t('payments_card_make_default')}
            <span className="visually-hidden">: {label}</span>
          </Button>
        )}
        <ConfirmButton
          label={
            <>
              {i18n.t('payments_card_remove')}
              <span className="visually-hidden">: {label}</span>
            </>
          }
          question={i18n.t('payments_card_remove_confirm', { card: label })}
          confirmLabel={i18n.t('payments_card_remove')}
          cancelLabel={i18n.t('cancel')}
          busy={busy}
          onConfirm={() =>
            void model.remove(card.id).then((removed) => {
              if (removed) toasts.show('success', i18n.t('payments_card_removed'), { replace: true });
            })
          }
        />
      </li>
    </>
  );
}

export function CardList({ model, onAdd }: { model: CardsModel; onAdd?: () => void }) {
  useSignals();
  const i18n = useI18n();
  const cards = model.cards.value;
  return (
    <RowList title={i18n.t('payments_cards_title')} id="pay-cards">
      {model.loading.value && !model.cardsFetched.value ? (
        <li className="row-confirm">
          <Loading />
        </li>
      ) : model.failed.value && cards.length === 0 ? (
        <li className="row-confirm" role="alert">
          <p>{i18n.t('error_try_again')}</p>
          <Button variant="secondary" onClick={() => void model.load()}>
            {i18n.t('retry')}
          </Button>
        </li>
      ) : cards.length === 0 ? (
        <li className="row-confirm">
          <EmptyState
            icon="credit-card"
            title={i18n.t('payments_cards_empty')}
            text={i18n.t('payments_cards_empty_text')}
            action={
              onAdd ? (
                <Button variant="secondary" onClick={onAdd}>
                  {i18n.t('payments_card_add')}
                </Button>
              ) : null
            }
          />
        </li>
      ) : (
        cards.map((card) => <CardRow key={card.id} card={card} model={model} />)
      )}
    </RowList>
  );
}
