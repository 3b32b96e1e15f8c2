import { describe, expect, it } from 'vitest';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import kaa from '../../server/src/locales/kaa.json' with { type: 'json' };
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import uz from '../../server/src/locales/uz.json' with { type: 'json' };
import uzc from '../../server/src/locales/uzc.json' with { type: 'json' };
import { routeTitle, routeTitleKey } from './route-title';
import { NOT_FOUND, ROUTES } from './routes';

const CATALOGUES: Record<string, Record<string, string>> = { uz, uzc, kaa, ru, en };
const t = (table: Record<string, string>) => ({ t: (key: string) => table[key] ?? '' });

describe('the page title of each route', () => {
  it('is named after the screen', () => {
    expect(routeTitleKey('Login')).toBe('title_login');
    expect(routeTitleKey('SecurityActiveSessions')).toBe('title_security_active_sessions');
    expect(routeTitleKey('OAuth')).toBe('title_o_auth');
  });

  it.each(Object.keys(CATALOGUES))(
    'exists for every route of docs/product.md §2 in %s, and says more than the product name',
    (locale) => {
      const table = CATALOGUES[locale] ?? {};
      for (const route of [...ROUTES, NOT_FOUND]) {
        const title = routeTitle(route.name, t(table));
        expect(table[routeTitleKey(route.name)], `${locale}: ${route.name}`).toBeTruthy();
        expect(title.endsWith(` — ${table.app_name}`), title).toBe(true);
      }
    },
  );

  it('reads as a person expects in the tab and in history', () => {
    expect(routeTitle('Login', t(en))).toBe('Sign in — Kirish');
    expect(routeTitle('Security', t(en))).toBe('Security — Kirish');
    expect(routeTitle('Security', t(ru))).toBe('Безопасность — Kirish');
    expect(routeTitle('SecurityActiveSessions', t(uz))).toBe('Faol seanslar — Kirish');
  });
});
