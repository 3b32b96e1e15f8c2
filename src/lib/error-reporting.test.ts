import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (it keeps one reporter per page), a page to dispatch on, and what reached the client. */
async function start(dsn: string) {
  vi.resetModules();
  const { reportError, startErrorReporting } = await import('./error-reporting');
  const page = new EventTarget() as unknown as Window;
  const sent: unknown[] = [];
  const created: string[] = [];
  startErrorReporting(dsn, '1.2.3', page, () =>
    Promise.resolve({
      createReporter(givenDsn: string, release: string) {
        created.push(`${givenDsn} ${release}`);
        return (error: unknown) => void sent.push(error);
      },
    }),
  );
  return { page, sent, created, reportError };
}

/** Lets the loaded client take what waited for it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

const DSN = 'https://key@errors.example.uz/7';

describe('error reporting (docs/product.md §1)', () => {
  it('reports uncaught errors and unhandled rejections once a DSN is configured', async () => {
    const { page, sent, created } = await start(DSN);
    const thrown = new TypeError('x is not a function');
    page.dispatchEvent(new ErrorEvent('error', { error: thrown, message: thrown.message }));
    page.dispatchEvent(rejection('network down'));
    await settle();

    expect(created).toEqual([`${DSN} 1.2.3`]);
    expect(sent).toEqual([thrown, 'network down']);
  });

  it('reports an error the page knows only by its message (a script of another origin)', async () => {
    const { page, sent } = await start(DSN);
    page.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    await settle();
    expect(sent).toEqual(['Script error.']);
  });

  it('reports what the site hands it (a caught render error)', async () => {
    const { sent, reportError } = await start(DSN);
    const error = new Error('render failed');
    reportError(error);
    await settle();
    expect(sent).toEqual([error]);
  });

  it('loads nothing and listens to nothing without a DSN', async () => {
    const { page, sent, created, reportError } = await start('');
    page.dispatchEvent(new ErrorEvent('error', { error: new Error('x') }));
    reportError(new Error('y'));
    await settle();
    expect(created).toEqual([]);
    expect(sent).toEqual([]);
  });
});
