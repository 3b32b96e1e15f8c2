/**
 * The whole security log, a page of its own (/security?log, opened from "See all"): newest first, a
 * page at a time (the server pages it: GET /user/security/events/?page=&page_size=). The focus moves
 * to its heading as it opens and on every new page, where the reading starts again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { useNow } from '../../../lib/use-now';
import { securityApi } from '../api/security-api';
import { createSecurityLogModel } from '../models/security-log-model';
import { BackToSecurity } from './back-to-security';
import { EventLine } from './event-line';

export function SecurityLog() {
  useSignals();
  const i18n = useI18n();
  const { http, config } = useServices();
  const [model] = useState(() => createSecurityLogModel({ api: securityApi(http, config.ssoApi) }));
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow(false);
  useEffect(() => {
    heading.current?.focus();
    void model.load();
  }, [model]);

  const page = model.page.value;
  const pages = model.pages.value;
  const { results } = model.data.value;
  const go = (move: () => Promise<void>) => {
    void move();
    heading.current?.focus();
  };
  return (
    <section className="stack" aria-labelledby="security-log-title">
      <BackToSecurity />
      <h1 id="security-log-title" ref={heading} tabIndex={-1}>
        {i18n.t('security_log_title')}
      </h1>
      <LoadState state={model.state.value} onRetry={() => void model.load()} />
      {model.state.value === 'ready' && results.length === 0 ? (
        <div className="row-group">
          <EmptyState
            icon="history"
            title={i18n.t('security_activity_empty')}
            text={i18n.t('security_log_empty_text')}
          />
        </div>
      ) : null}
      {model.state.value === 'ready' && results.length > 0 ? (
        <div className="row-group">
          <ul className="rows">
            {results.map((event) => (
              <EventLine key={event.id} event={event} now={now} />
            ))}
          </ul>
        </div>
      ) : null}
      {pages > 1 ? <p>{i18n.t('security_log_page', { page, pages })}</p> : null}
      {pages > 1 ? (
        <nav className="row" aria-label={i18n.t('security_log_title')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => go(model.newer)}>
            {i18n.t('security_log_newer')}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => go(model.older)}>
            {i18n.t('security_log_older')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
