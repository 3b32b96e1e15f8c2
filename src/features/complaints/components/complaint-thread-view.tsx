/**
 * One complaint (/help-center/my-complaints?id=…): its number, category, status and dates, then the
 * thread oldest first (the person's text, then support's answers), then the files attached, each
 * downloaded with the account's token (the server serves them to their owner only).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { localDateTime } from '../../../lib/format/relative-time';
import { useI18n } from '../../../lib/use-i18n';
import { fileSize } from '../../../lib/document-file';
import type { ComplaintThreadModel } from '../models/complaint-thread-model';
import { STATUS_BADGE, categoryKey, statusKey } from './complaint-labels';

export function ComplaintThreadView({ model, onRetry }: { model: ComplaintThreadModel; onRetry: () => void }) {
  useSignals();
  const i18n = useI18n();
  const state = model.state.value;
  const thread = model.thread.value;
  const back = (
    <p>
      <Link href="/help-center/my-complaints">← {i18n.t('complaints_title')}</Link>
    </p>
  );
  if (state === 'missing')
    return (
      <div className="stack">
        {back}
        <EmptyState heading="h1" icon="help" title={i18n.t('complaint_not_found')} />
      </div>
    );
  if (state !== 'ready' || !thread)
    return (
      <div className="stack">
        {back}
        <LoadState state={state === 'failed' ? 'failed' : 'loading'} onRetry={onRetry} />
      </div>
    );
  const answered = thread.messages.some((message) => message.author === 'operator');
  return (
    <article className="stack complaint-thread" aria-labelledby="complaint-title">
      {back}
      <h1 id="complaint-title">
        {i18n.t('complaint_thread_title', { number: thread.number })}{' '}
        <span className={STATUS_BADGE[thread.status]}>{i18n.t(statusKey(thread.status))}</span>
      </h1>
      <p className="subtitle">{thread.subject}</p>
      <dl className="complaint-facts">
        <dt>{i18n.t('complaints_col_category')}</dt>
        <dd>{i18n.t(categoryKey(thread.category))}</dd>
        <dt>{i18n.t('complaints_col_date')}</dt>
        <dd>{localDateTime(thread.created_at)}</dd>
        <dt>{i18n.t('complaints_col_updated')}</dt>
        <dd>{localDateTime(thread.updated_at)}</dd>
      </dl>
      <ol className="complaint-messages">
        {thread.messages.map((message, index) => (
          <li key={index} className={`panel complaint-message complaint-message-${message.author}`}>
            <p className="complaint-message-author">
              {i18n.t(message.author === 'operator' ? 'complaint_support_wrote' : 'complaint_you_wrote')}
              <span className="muted"> · {localDateTime(message.created_at)}</span>
            </p>
            <p className="complaint-message-text">{message.text}</p>
          </li>
        ))}
      </ol>
      {answered || thread.status === 'closed' ? null : <p className="muted">{i18n.t('complaint_waiting')}</p>}
      {thread.attachments.length > 0 ? (
        <section className="stack" aria-labelledby="complaint-attachments-title">
          <h2 id="complaint-attachments-title">{i18n.t('complaint_attachments_label')}</h2>
          <ul className="complaint-files">
            {thread.attachments.map((attachment) => (
              <li key={attachment.id}>
                <Button
                  variant="secondary"
                  busy={model.fetching.value === attachment.id}
                  onClick={() => void model.download(attachment.id)}
                >
                  {i18n.t('complaint_download', { name: attachment.name })}
                </Button>{' '}
                <span className="muted">{fileSize(attachment.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
