/**
 * One receipt (`/pay?id={id}`): the merchant, what was paid for, the amount, the status, the card and
 * the times, and Print. The print style sheet (screens.css, "Payments") leaves out the top bar, the
 * footer and every button, so the paper holds the receipt alone.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { relativeText } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { paymentsApi } from '../api/payments-api';
import { createBillModel } from '../models/bill-model';
import { cardLabel } from '../models/card-input';
import { amountText, MerchantLogo, StatusBadge } from './money';

export function ReceiptPage({ id, now }: { id: string; now: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createBillModel({ api: paymentsApi(http, config.paymentApi), showError }));
  useEffect(() => void model.load(id), [model, id]);
  const receipt = model.receipt.value;
  return (
    <div className="stack pay-receipt">
      <Link href="/pay" className="pay-back">
        <Icon name="arrow-left" /> {i18n.t('payments_title')}
      </Link>
      <h1>{i18n.t('payments_receipt_title')}</h1>
      {model.state.value !== 'ready' || !receipt ? (
        <LoadState state={model.state.value} onRetry={() => void model.load(id)} />
      ) : (
        <>
          <div className="pay-receipt-head">
            <MerchantLogo merchant={receipt.merchant} />
            <div>
              <p className="pay-merchant-name">{receipt.merchant.name}</p>
              <p className="pay-amount">{amountText(i18n, receipt.amount)}</p>
            </div>
            <StatusBadge status={receipt.status} />
          </div>
          <RowList>
            <Row icon="receipt" label={i18n.t('payments_receipt_description')} value={receipt.description} />
            <Row
              icon="credit-card"
              label={i18n.t('payments_receipt_card')}
              value={receipt.card ? cardLabel(receipt.card) : '—'}
            />
            <Row
              icon="calendar"
              label={i18n.t('payments_receipt_created')}
              value={relativeText(i18n, receipt.created_at, now)}
            />
            {receipt.paid_at ? (
              <Row
                icon="check-circle"
                label={i18n.t('payments_receipt_paid_at')}
                value={relativeText(i18n, receipt.paid_at, now)}
              />
            ) : null}
            <Row icon="code" label={i18n.t('payments_receipt_number')} value={receipt.id} />
          </RowList>
          <div className="row pay-no-print">
            <Button variant="secondary" onClick={() => window.print()}>
              {i18n.t('payments_receipt_print')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
