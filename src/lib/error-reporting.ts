/** Error reporting: the Sentry client is loaded only when a DSN is configured, and only after start. */
let reporter: Promise<(error: unknown) => void> | null = null;

export function startErrorReporting(dsn: string, release: string): void {
  if (!dsn || reporter) return;
  reporter = import('./error-reporting-client').then((module) => module.createReporter(dsn, release));
}

export function reportError(error: unknown): void {
  void reporter?.then((report) => report(error));
}
