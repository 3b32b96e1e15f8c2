import { describe, expect, it } from 'vitest';
import { HELP_FEEDBACK_PER_HOUR_PER_IP } from '../../config/policy.js';
import { LOCALES } from '../../lib/locales.js';
import { useTestServer } from '../../test-support/test-server.js';

const LIST = '/common/api/v1/help/articles/';
const article = (id: string, locale?: string) => `${LIST}${id}/${locale ? `?locale=${locale}` : ''}`;
const feedback = (id: string) => `${LIST}${id}/feedback/`;

/** The ids docs/api.md names, the legal pages among them: /help-center and every legal link point at these. */
const ARTICLE_IDS = [
  'code-not-arrived',
  'cookies',
  'deactivation',
  'identity-verification',
  'lost-phone',
  'new-device',
  'partner-apps',
  'privacy-policy',
  'sessions',
  'several-accounts',
  'terms',
];

describe('GET /common/api/v1/help/articles/', () => {
  const server = useTestServer();

  it('lists the same articles in every locale, each with its section, title, summary and text', async () => {
    for (const locale of LOCALES) {
      const { status, json } = await server.call('GET', `${LIST}?locale=${locale}`);
      expect(status).toBe(200);
      expect(json.locale).toBe(locale);
      expect(json.sections.map((section: { id: string }) => section.id)).toEqual(['legal', 'signing-in', 'account']);
      expect(json.articles.map((a: { id: string }) => a.id).toSorted()).toEqual(ARTICLE_IDS);
      for (const a of json.articles) {
        expect(a.title.length, `${locale}/${a.id}`).toBeGreaterThan(3);
        expect(a.summary.length, `${locale}/${a.id}`).toBeGreaterThan(20);
        expect(a.text.length, `${locale}/${a.id}`).toBeGreaterThan(200);
      }
    }
  });

  it('titles the sections in the asked language, and in Uzbek when none is asked', async () => {
    const ru = await server.call('GET', `${LIST}?locale=ru`);
    expect(ru.json.sections[0].title).toBe('Правила и конфиденциальность');
    expect(ru.json.articles.find((a: { id: string }) => a.id === 'privacy-policy').title).toBe(
      'Политика конфиденциальности',
    );
    const plain = await server.call('GET', LIST);
    expect(plain.json.locale).toBe('uz');
    expect(plain.json.articles.find((a: { id: string }) => a.id === 'privacy-policy').title).toBe('Maxfiylik siyosati');
  });

  it('refuses a locale outside the five with locale_not_found', async () => {
    const { status, json } = await server.call('GET', `${LIST}?locale=de`);
    expect(status).toBe(400);
    expect(json).toEqual({ errors: [{ error: 'locale_not_found', field: 'locale' }] });
  });
});

describe('GET /common/api/v1/help/articles/{id}/', () => {
  const server = useTestServer();
  const anchors = async (locale: string) =>
    (await server.call('GET', article('privacy-policy', locale))).json.blocks
      .filter((block: { kind: string }) => block.kind === 'heading')
      .map((block: { id: string }) => block.id);

  it('answers an article as blocks with anchored headings, related articles and its date', async () => {
    const { status, json, headers } = await server.call('GET', article('privacy-policy', 'en'));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(json).toMatchObject({ id: 'privacy-policy', locale: 'en', section: 'legal', title: 'Privacy policy' });
    expect(json.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(json.blocks).toContainEqual({ kind: 'heading', level: 2, id: 'retention', text: 'How long' });
    expect(json.related).toEqual([
      { id: 'terms', title: 'Terms of use' },
      { id: 'cookies', title: 'Cookies and local storage' },
      { id: 'deactivation', title: 'Deactivating and restoring the account' },
    ]);
    const links = json.blocks.flatMap((block: { kind: string; content?: { kind: string; href?: string }[] }) =>
      (block.content ?? []).filter((part) => part.kind === 'link'),
    );
    expect(links).toContainEqual({ kind: 'link', text: 'Cookies and local storage', href: '/help-center/cookies' });
  });

  it('keeps the anchors of an article the same in every locale', async () => {
    const english = await anchors('en');
    expect(english).toContain('what-we-keep');
    for (const locale of LOCALES) expect(await anchors(locale), locale).toEqual(english);
  });

  it('answers 404 not_found for an unknown article and 400 for an unknown locale', async () => {
    const missing = await server.call('GET', article('no-such-article', 'en'));
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ errors: [{ error: 'not_found' }] });
    const wrongLocale = await server.call('GET', article('terms', 'xx'));
    expect(wrongLocale.status).toBe(400);
    expect(wrongLocale.json.errors[0].error).toBe('locale_not_found');
  });
});

describe('POST /common/api/v1/help/articles/{id}/feedback/', () => {
  const server = useTestServer();

  it('counts each answer under its article and locale', async () => {
    expect((await server.call('POST', `${feedback('terms')}?locale=ru`, { body: { helpful: true } })).status).toBe(204);
    expect((await server.call('POST', feedback('terms'), { body: { helpful: false } })).status).toBe(204);
    expect(await server.storage.helpFeedback.tally('terms')).toEqual({ helpful: 1, notHelpful: 1 });
    expect(await server.storage.helpFeedback.tally('terms', 'ru')).toEqual({ helpful: 1, notHelpful: 0 });
  });

  it('refuses a body without a boolean, and an unknown article, counting nothing', async () => {
    const bad = await server.call('POST', feedback('terms'), { body: { helpful: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: [{ error: 'invalid_value', field: 'helpful' }] });
    const missing = await server.call('POST', feedback('nope'), { body: { helpful: true } });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ errors: [{ error: 'not_found' }] });
    expect(await server.storage.helpFeedback.tally('terms')).toEqual({ helpful: 0, notHelpful: 0 });
  });

  it('limits the answers of one address per hour, and lets it answer again when the hour is over', async () => {
    for (let i = 0; i < HELP_FEEDBACK_PER_HOUR_PER_IP; i++) {
      const { status } = await server.call('POST', feedback('sessions'), {
        body: { helpful: true },
        ip: '203.0.113.7',
      });
      expect(status).toBe(204);
    }
    const refused = await server.call('POST', feedback('sessions'), { body: { helpful: true }, ip: '203.0.113.7' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await server.call('POST', feedback('sessions'), { body: { helpful: false }, ip: '203.0.113.8' });
    expect(other.status).toBe(204);
    expect(await server.storage.helpFeedback.tally('sessions')).toEqual({
      helpful: HELP_FEEDBACK_PER_HOUR_PER_IP,
      notHelpful: 1,
    });
    server.clock.advanceSeconds(60 * 60);
    const later = await server.call('POST', feedback('sessions'), { body: { helpful: true }, ip: '203.0.113.7' });
    expect(later.status).toBe(204);
  });
});
