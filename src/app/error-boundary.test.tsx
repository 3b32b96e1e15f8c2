import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { createI18n } from '../lib/i18n';
import { useReactRoot } from '../lib/testing/react-root';
import { ServicesContext, type Services } from '../lib/services';
import { ErrorBoundary } from './error-boundary';

const reported = vi.hoisted(() => [] as unknown[]);
vi.mock('../lib/error-reporting', () => ({ reportError: (error: unknown) => void reported.push(error) }));

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  reported.length = 0;
  // React logs an error a boundary caught; the test reads what the person sees instead.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});
// After the hooks above: the tree is unmounted before console.error is restored.
const view = useReactRoot();

const failure = new Error('the profile had no name');
function Broken(): never {
  throw failure;
}

async function render(screen: React.ReactNode, locale: 'en' | 'ru' = 'en') {
  const i18n = createI18n((wanted) => Promise.resolve(wanted === 'ru' ? ru : en));
  await i18n.setLocale(locale);
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as Services}>
        <ErrorBoundary>{screen}</ErrorBoundary>
      </ServicesContext.Provider>,
    ),
  );
}

describe('a screen that fails to render (docs/product.md §1)', () => {
  it('shows the error layout with a translated sentence and a way home, not a blank page', async () => {
    await render(<Broken />);

    expect(view.host.querySelector('.layout-error')).not.toBeNull();
    expect(view.host.querySelector('h1')?.textContent).toBe(en.error_page_title);
    expect(view.host.textContent).toContain(en.error_page_text);
    const home = view.host.querySelector<HTMLAnchorElement>('main a[href="/"]');
    expect(home?.textContent).toBe(en.go_home);
    expect(view.host.querySelector('[role="alert"]')).not.toBeNull();
  });

  it('says it in the person’s language', async () => {
    await render(<Broken />, 'ru');
    expect(view.host.querySelector('h1')?.textContent).toBe(ru.error_page_title);
  });

  it('sends the error to error reporting', async () => {
    await render(<Broken />);
    expect(reported).toEqual([failure]);
  });

  it('shows the screen itself while nothing fails', async () => {
    await render(<p>Hello</p>);
    expect(view.host.textContent).toBe('Hello');
    expect(reported).toEqual([]);
  });
});
