/**
 * The receipts as a paged table, newest first: merchant (each opening its receipt, `/pay?id=`),
 * description, amount, status, card and date (the relative-time rule). The page and its size are in
 * the address (`?page=&page_size=`), so a page can be reloaded, shared and gone back to.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { relativeText } from '../../../components/when';
import { useI18n } from '../../../lib/use-i18n';
import { cardLabel } from '../models/card-input';
import type { ReceiptsModel } from '../models/receipts-model';
import { amountText, MerchantLogo, StatusBadge } from './money';

export function receiptsHref(page: number, pageSize: number, defaultSize: number): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (pageSize !== defaultSize) query.set('page_size', String(pageSize));
  const search = query.toString();
  return search ? `/pay?${search}` : '/pay';
}

export function ReceiptsTable(props: {
  model: ReceiptsModel;
  page: number;
  pageSize: number;
  defaultSize: number;
  now: number;
  onRetry: () => void;
}) {
  useSignals();
  const i18n = useI18n();
  const { model, page, pageSize, now } = props;
  const data = model.page.value;
  const pages = Math.max(1, Math.ceil(data.count / pageSize));
  return (
    <section className="row-group pay-receipts" aria-labelledby="pay-receipts-title">
      <h2 className="row-group-title" id="pay-receipts-title">
        {i18n.t('payments_receipts_title')}
      </h2>
      {model.state.value !== 'ready' ? (
        <LoadState state={model.state.value} onRetry={props.onRetry} />
      ) : data.results.length === 0 ? (
        <EmptyState
          icon="receipt"
          title={i18n.t('payments_receipts_empty')}
          text={i18n.t('payments_receipts_empty_text')}
        />
      ) : (
        <>
          <div className="pay-table-scroll" tabIndex={0} aria-labelledby="pay-receipts-title" role="region">
            <table className="data-table pay-table">
              <thead>
                <tr>
                  <th scope="col">{i18n.t('payments_receipt_merchant')}</th>
                  <th scope="col">{i18n.t('payments_receipt_description')}</th>
                  <th scope="col" className="pay-number">
                    {i18n.t('payments_receipt_amount')}
                  </th>
                  <th scope="col">{i18n.t('payments_receipt_status')}</th>
                  <th scope="col">{i18n.t('payments_receipt_card')}</th>
                  <th scope="col">{i18n.t('payments_receipt_date')}</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((receipt) => (
                  <tr key={receipt.id}>
                    <th scope="row">
                      <Link href={`/pay?id=${encodeURIComponent(receipt.id)}`} className="pay-merchant">
                        <MerchantLogo merchant={receipt.merchant} size="small" />
                        <span>{receipt.merchant.name}</span>
                      </Link>
                    </th>
                    <td>{receipt.description}</td>
                    <td className="pay-number">{amountText(i18n, receipt.amount)}</td>
                    <td>
                      <StatusBadge status={receipt.status} />
                    </td>
                    <td className="pay-nowrap">{receipt.card ? cardLabel(receipt.card) : '—'}</td>
                    <td className="pay-nowrap">
                      <time dateTime={receipt.paid_at ?? receipt.created_at}>
                        {relativeText(i18n, receipt.paid_at ?? receipt.created_at, now)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="pay-pager" aria-label={i18n.t('payments_receipts_pages')}>
              {page > 1 ? (
                <Link href={receiptsHref(page - 1, pageSize, props.defaultSize)}>{i18n.t('payments_page_newer')}</Link>
              ) : null}
              <span aria-current="page">{i18n.t('payments_page_of', { page, pages })}</span>
              {page < pages ? (
                <Link href={receiptsHref(page + 1, pageSize, props.defaultSize)}>{i18n.t('payments_page_older')}</Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
