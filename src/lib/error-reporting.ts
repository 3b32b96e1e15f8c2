/**
 * Error reporting (docs/product.md §1): the Sentry client is loaded only when a DSN is configured, and only
 * after start. From start on, the page's uncaught errors and unhandled rejections are reported too
 * (the client has no integrations of its own, so nothing else would catch them); those that happen
 * before the client has loaded wait for it.
 */
let reporter: Promise<(error: unknown) => void> | null = null;

type Load = () => Promise<{ createReporter(dsn: string, release: string): (error: unknown) => void }>;

export function startErrorReporting(
  dsn: string,
  release: string,
  page: Pick<Window, 'addEventListener'> = window,
  load: Load = () => import('./error-reporting-client'),
): void {
  if (!dsn || reporter) return;
  reporter = load().then((module) => module.createReporter(dsn, release));
  page.addEventListener('error', (event) => reportError(event.error ?? event.message));
  page.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}

export function reportError(error: unknown): void {
  void reporter?.then((report) => report(error));
}
