/**
 * docs/product.md §1: a screen that fails to render shows the `error` layout with a translated sentence and a
 * way home — never a blank page — and the error goes to error reporting. The way home is a full
 * page load, which also fetches the chunks of a newer build if a missing one was the cause.
 */
import { Component, type ContextType, type ReactNode } from 'react';
import { reportError } from '../lib/error-reporting';
import { ServicesContext } from '../lib/services';
import { Layout } from './layouts';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  static override contextType = ServicesContext;
  declare context: ContextType<typeof ServicesContext>;
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error);
  }

  override render() {
    const i18n = this.context?.i18n;
    if (!this.state.failed || !i18n) return this.props.children;
    return (
      <Layout name="error" transition={undefined}>
        <div className="stack narrow" role="alert">
          <h1>{i18n.t('error_page_title')}</h1>
          <p>{i18n.t('error_page_text')}</p>
          <a href="/" className="button button-primary">
            {i18n.t('go_home')}
          </a>
        </div>
      </Layout>
    );
  }
}
