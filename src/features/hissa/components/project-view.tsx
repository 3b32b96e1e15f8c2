/**
 * One project (`?id=`): the cover, the text, the tally, Contribute while it takes contributions (a closed
 * or past-deadline one says so instead), and the mahalla's updates, newest first. After a contribution:
 * the new tally, a toast, and the receipt's link.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadState } from '../../../components/load-state';
import { When } from '../../../components/when';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { hissaApi } from '../api/hissa-api';
import { HISSA_PATH, receiptAddress } from '../models/hissa-address';
import { somText } from '../models/hissa-money';
import { createProjectModel, type ProjectModel } from '../models/project-model';
import { ContributeForm } from './contribute-form';
import { Cover } from './project-card';
import { StatusBadge, Tally } from './tally';

function Done({ model }: { model: ProjectModel }) {
  useSignals();
  const i18n = useI18n();
  const done = model.done.value;
  if (!done) return null;
  const amount = somText(i18n, done.amount);
  return (
    <div className="panel hissa-done" role="status">
      <Icon name={done.status === 'paid' ? 'check-circle' : 'history'} />
      <div>
        <p>{i18n.t(done.status === 'paid' ? 'hissa_thanks' : 'hissa_pending', { amount })}</p>
        <Link href={receiptAddress(done.receipt)}>{i18n.t('hissa_view_receipt')}</Link>
      </div>
    </div>
  );
}

export function ProjectView({ id }: { id: string }) {
  useSignals();
  const i18n = useI18n();
  const { http, config, showError, toasts } = useServices();
  const [model] = useState(() =>
    createProjectModel({
      api: hissaApi(http, config),
      showError,
      onContributed: (done) =>
        toasts.show('success', i18n.t('hissa_thanks', { amount: somText(i18n, done.amount) }), { replace: true }),
    }),
  );
  const now = useNow(false);
  useEffect(() => void model.load(id), [model, id]);
  const project = model.project.value;
  const state = model.state.value;
  if (state === 'missing')
    return (
      <div className="panel">
        <EmptyState
          heading="h1"
          icon="alert"
          title={i18n.t('hissa_project_not_found')}
          text={i18n.t('hissa_project_missing_text')}
          action={
            <Link className="button button-primary" href={HISSA_PATH}>
              {i18n.t('hissa_back_projects')}
            </Link>
          }
        />
      </div>
    );
  if (state !== 'ready' || !project)
    return <LoadState state={state === 'failed' ? 'failed' : 'loading'} onRetry={() => void model.retry()} />;
  return (
    <>
      <p className="hissa-back">
        <Link href={HISSA_PATH}>
          <Icon name="arrow-left" /> {i18n.t('hissa_back_projects')}
        </Link>
      </p>
      <article className="stack" aria-labelledby="hissa-project-title">
        <section className="panel stack hissa-project">
          <Cover path={project.cover} />
          <div className="hissa-card-head">
            <h1 id="hissa-project-title">{project.title}</h1>
            <StatusBadge project={project} />
          </div>
          <Tally project={project} now={now} />
          <p className="hissa-text">{project.text}</p>
        </section>
        <Done model={model} />
        {project.accepting ? (
          <ContributeForm model={model} />
        ) : (
          <p className="notice">{i18n.t('hissa_project_closed')}</p>
        )}
        <section className="panel stack" aria-labelledby="hissa-updates-title">
          <h2 id="hissa-updates-title">{i18n.t('hissa_updates_title')}</h2>
          {project.updates.length === 0 ? (
            <EmptyState icon="message" title={i18n.t('hissa_updates_empty')} />
          ) : (
            <ol className="hissa-updates">
              {project.updates.map((update) => (
                <li key={update.id}>
                  <When at={update.created_at} now={now} />
                  <p className="hissa-text">{update.text}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </article>
    </>
  );
}
