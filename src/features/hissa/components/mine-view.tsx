/**
 * My contributions (`?mine=1`): project, amount, status, date and the receipt's link, newest first, paged;
 * a table that scrolls sideways in its own box on a phone, as /pay's receipts (docs/design.md, Payments).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { When } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { hissaApi, type HissaContributionView } from '../api/hissa-api';
import { HISSA_PATH, mineAddress, projectAddress, receiptAddress } from '../models/hissa-address';
import { somText } from '../models/hissa-money';
import { createContributionsModel } from '../models/contributions-model';
import { Pager } from './pager';

const BADGE: Record<HissaContributionView['status'], string> = {
  paid: 'badge badge-success',
  pending: 'badge badge-warning',
  failed: 'badge badge-failed',
  cancelled: 'badge badge-muted',
};

export function MineView({ page }: { page: number }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError } = useServices();
  const [model] = useState(() => createContributionsModel({ api: hissaApi(http, config), showError }));
  const now = useNow(false);
  useEffect(() => void model.load(page), [model, page]);
  const data = model.data.value;
  const ready = model.state.value === 'ready';
  const receipt = i18n.t('hissa_col_receipt');
  return (
    <>
      <h1>{i18n.t('hissa_tab_mine')}</h1>
      <LoadState state={model.state.value} onRetry={() => void model.retry()} />
      {ready && data.count === 0 ? (
        <div className="panel">
          <EmptyState
            icon="receipt"
            title={i18n.t('hissa_mine_empty_title')}
            text={i18n.t('hissa_mine_empty_text')}
            action={
              <Link className="button button-primary" href={HISSA_PATH}>
                {i18n.t('hissa_tab_projects')}
              </Link>
            }
          />
        </div>
      ) : null}
      {ready && data.results.length > 0 ? (
        <div className="hissa-table-scroll" tabIndex={0} role="region" aria-label={i18n.t('hissa_tab_mine')}>
          <table className="data-table hissa-table">
            <thead>
              <tr>
                <th scope="col">{i18n.t('hissa_col_project')}</th>
                <th scope="col" className="hissa-number">
                  {i18n.t('hissa_col_amount')}
                </th>
                <th scope="col">{i18n.t('hissa_col_status')}</th>
                <th scope="col">{i18n.t('hissa_col_date')}</th>
                <th scope="col">{receipt}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link href={projectAddress(item.project.id)}>{item.project.title}</Link>
                  </th>
                  <td className="hissa-number">{somText(i18n, item.amount)}</td>
                  <td>
                    <span className={BADGE[item.status]}>{i18n.t(`payments_status_${item.status}`)}</span>
                  </td>
                  <td>
                    <When at={item.created_at} now={now} />
                  </td>
                  <td>
                    <Link
                      href={receiptAddress(item.receipt)}
                      aria-label={i18n.t('hissa_receipt_of', { project: item.project.title })}
                    >
                      {receipt}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {ready ? <Pager page={page} pages={model.pages.value} href={mineAddress} /> : null}
    </>
  );
}
