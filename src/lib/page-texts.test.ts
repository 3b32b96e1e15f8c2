import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_TEXTS_ID, readPageTexts } from './page-texts';

function carry(content: string, type = 'application/json') {
  const script = document.createElement('script');
  script.type = type;
  script.id = PAGE_TEXTS_ID;
  script.textContent = content;
  document.body.append(script);
}

describe('the texts a prerendered page carries', () => {
  afterEach(() => document.getElementById(PAGE_TEXTS_ID)?.remove());

  it('are read with their locale', () => {
    carry('{"locale":"en","texts":{"sign_in":"Sign in \\u003c now"}}');
    expect(readPageTexts(document)).toEqual({ locale: 'en', texts: { sign_in: 'Sign in < now' } });
  });

  it('are absent from a page that carries none', () => {
    expect(readPageTexts(document)).toBeNull();
  });

  it.each([
    ['broken JSON', '{"locale":"en",'],
    ['an unknown locale', '{"locale":"de","texts":{}}'],
    ['no table', '{"locale":"en"}'],
  ])('are ignored when they hold %s, and the texts are fetched as usual', (_, content) => {
    carry(content);
    expect(readPageTexts(document)).toBeNull();
  });
});
