/**
 * /pay (docs/product.md §2): the saved cards and the receipts; `?id={id}` one receipt, to read and
 * print; `?receipt={id}` a partner's bill to pay. One screen reads which from its address (as
 * /security?log does), so the saved cards, fetched once (cards-model.ts), serve all three.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../../components/button';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { paymentsApi } from '../api/payments-api';
import { AddCardForm } from '../components/add-card-form';
import { BillView } from '../components/bill-view';
import { CardList } from '../components/card-list';
import { ReceiptPage } from '../components/receipt-page';
import { ReceiptsTable } from '../components/receipts-table';
import { createCardsModel, type CardsModel } from '../models/cards-model';
import { createReceiptsModel, pageOf, RECEIPTS_PAGE_SIZE } from '../models/receipts-model';

function Overview({ cards, search, now }: { cards: CardsModel; search: string; now: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [receipts] = useState(() => createReceiptsModel({ api: paymentsApi(http, config.paymentApi), showError }));
  const [adding, setAdding] = useState(false);
  const { page, pageSize } = pageOf(search);
  useEffect(() => void cards.load(), [cards]);
  useEffect(() => void receipts.load(page, pageSize), [receipts, page, pageSize]);
  return (
    <div className="stack">
      <h1>{i18n.t('payments_title')}</h1>
      <CardList model={cards} onAdd={adding ? undefined : () => setAdding(true)} />
      {adding ? (
        <AddCardForm
          onAdded={(card) => {
            cards.added(card);
            setAdding(false);
            toasts.show('success', i18n.t('payments_card_added'), { replace: true });
          }}
          onCancel={() => setAdding(false)}
        />
      ) : cards.cards.value.length > 0 ? (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {i18n.t('payments_card_add')}
          </Button>
        </div>
      ) : null}
      <ReceiptsTable
        model={receipts}
        page={page}
        pageSize={pageSize}
        defaultSize={RECEIPTS_PAGE_SIZE}
        now={now}
        onRetry={() => void receipts.load(page, pageSize)}
      />
    </div>
  );
}

export default function PayScreen() {
  const search = useSearch();
  const { http, config, showError } = useServices();
  const [cards] = useState(() => createCardsModel({ api: paymentsApi(http, config.paymentApi), showError }));
  const now = useNow(false);
  const query = new URLSearchParams(search);
  const bill = query.get('receipt');
  const receipt = query.get('id');
  if (bill) return <BillView key={bill} id={bill} cards={cards} />;
  if (receipt) return <ReceiptPage key={receipt} id={receipt} now={now} />;
  return <Overview cards={cards} search={search} now={now} />;
}
