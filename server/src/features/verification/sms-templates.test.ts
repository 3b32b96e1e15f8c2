/**
 * The SMS texts Kirish sends are the templates submitted to Eskiz (docs/deploy.md, "SMS templates to submit to
 * Eskiz"), which sends only approved texts: for each locale, the text of a code sent in that language is the
 * documented template with the code and the host filled in. One source read by both: the test reads the doc.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/locales.js';
import type { OutgoingMessage } from '../../senders/sender.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const ACCEPT_LANGUAGE = { uz: 'uz', uzc: 'uz-Cyrl', kaa: 'kaa', ru: 'ru', en: 'en' } as const;

/** The templates of docs/deploy.md's section: each locale's fenced text after its `locale` line. */
function documentedTemplates(): Map<string, string> {
  const deploy = readFileSync(new URL('../../../../docs/deploy.md', import.meta.url), 'utf8');
  const start = deploy.indexOf('### SMS templates to submit to Eskiz');
  const section = deploy.slice(start, deploy.indexOf('\n### ', start + 1));
  const templates = new Map<string, string>();
  for (const match of section.matchAll(/^`(\w+)`, [^\n]*:\n\n```text\n([\s\S]*?)\n```$/gm))
    templates.set(match[1]!, match[2]!);
  return templates;
}

const sent: OutgoingMessage[] = [];
const server = useTestServer({ sender: { send: async (message) => void sent.push(message) } });

describe('the SMS texts', () => {
  it('documents one template for each locale', () => {
    expect([...documentedTemplates().keys()].toSorted()).toEqual([...LOCALES].toSorted());
  });

  it.each(LOCALES)('sends in %s exactly the documented template', async (locale) => {
    const phone = `+99890123456${LOCALES.indexOf(locale)}`;
    const answer = await server.call('POST', `${V1}/auth/SendAuthSmsVerification/`, {
      body: { type: 'login_sms_verification', phone },
      headers: { 'accept-language': ACCEPT_LANGUAGE[locale] },
    });
    expect(answer.status).toBe(200);
    const message = sent.find((one) => one.to === phone)!;
    const host = new URL(server.config.publicUrl).host;
    const template = documentedTemplates().get(locale)!;
    expect(message.text).toBe(template.replaceAll('{code}', message.code).replaceAll('{host}', host));
  });
});
