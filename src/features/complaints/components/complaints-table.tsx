/**
 * The account's complaints as a table (number, subject, status, date filed, category, last update),
 * newest first, a page at a time. The number opens the thread. At 600 px and below each row is drawn
 * as a card (screens.css), the dates and category labelled by their column's name; the explicit
 * roles keep it a table for screen readers whatever its CSS display (WAI-ARIA 1.2 §5.3 table roles).
 */
import { Link } from 'wouter';
import type { ComplaintSummary } from '../../../../server/src/contract/complaints.js';
import { localDateTime } from '../../../lib/format/relative-time';
import { useI18n } from '../../../lib/use-i18n';
import { STATUS_BADGE, categoryKey, statusKey } from './complaint-labels';

export function ComplaintsTable({ complaints }: { complaints: readonly ComplaintSummary[] }) {
  const i18n = useI18n();
  return (
    <div className="table-scroll" role="region" aria-labelledby="complaints-caption" tabIndex={0}>
      <table className="data-table complaints-table" role="table">
        <caption id="complaints-caption" className="visually-hidden">
          {i18n.t('complaints_table_caption')}
        </caption>
        <thead>
          <tr role="row">
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_number')}
            </th>
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_subject')}
            </th>
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_status')}
            </th>
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_date')}
            </th>
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_category')}
            </th>
            <th scope="col" role="columnheader">
              {i18n.t('complaints_col_updated')}
            </th>
          </tr>
        </thead>
        <tbody>
          {complaints.map((complaint) => (
            <tr key={complaint.id} role="row">
              <th scope="row" role="rowheader">
                <Link href={`/help-center/my-complaints?id=${encodeURIComponent(complaint.id)}`}>
                  {i18n.t('complaint_number', { number: complaint.number })}
                </Link>
              </th>
              <td role="cell" className="complaints-subject">
                {complaint.subject}
              </td>
              <td role="cell" className="complaints-status">
                <span className={STATUS_BADGE[complaint.status]}>{i18n.t(statusKey(complaint.status))}</span>
              </td>
              <td role="cell" className="nowrap" data-label={i18n.t('complaints_col_date')}>
                {localDateTime(complaint.created_at)}
              </td>
              <td role="cell" data-label={i18n.t('complaints_col_category')}>
                {i18n.t(categoryKey(complaint.category))}
              </td>
              <td role="cell" className="nowrap" data-label={i18n.t('complaints_col_updated')}>
                {localDateTime(complaint.updated_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
