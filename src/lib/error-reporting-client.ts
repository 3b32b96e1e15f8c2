/**
 * The part of @sentry/browser we use, imported by name so the bundler keeps only it: a client with
 * the fetch transport and stack parser, and no default integrations (no breadcrumbs, no session
 * replay, no user data). Loaded on demand by error-reporting.ts.
 */
import { BrowserClient, Scope, defaultStackParser, makeFetchTransport } from '@sentry/browser';

export function createReporter(dsn: string, release: string): (error: unknown) => void {
  const client = new BrowserClient({
    dsn,
    release,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [],
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return (error) => {
    scope.captureException(error);
  };
}
