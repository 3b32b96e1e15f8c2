import { describe, expect, it } from 'vitest';
import { createForm } from '../../../lib/form';
import { fakeShowError } from '../../../lib/testing/fake-http';
import { createAppFields, linesOf, type AppField } from './app-fields';

function fieldsWith(values: Partial<Record<AppField, string>>) {
  const form = createForm(fakeShowError().showError);
  const fields = createAppFields(form);
  const filled = {
    name: 'Bozor',
    home_page: 'https://bozor.uz/',
    privacy_policy_url: 'https://bozor.uz/privacy',
    ...values,
  };
  for (const [name, value] of Object.entries(filled)) fields.set(name as keyof typeof filled, value);
  return { form, fields };
}

describe('the fields of an app', () => {
  it('sends the lists without blank lines or spaces, and the kind chosen', () => {
    const { fields } = fieldsWith({
      redirect_uris: '  https://bozor.uz/cb \n\n http://127.0.0.1:18090/cb',
      web_origins: 'http://127.0.0.1:18090\n',
    });
    fields.kind.value = 'confidential';
    expect(fields.check()).toEqual({
      name: 'Bozor',
      home_page: 'https://bozor.uz/',
      privacy_policy_url: 'https://bozor.uz/privacy',
      terms_url: null,
      redirect_uris: ['https://bozor.uz/cb', 'http://127.0.0.1:18090/cb'],
      web_origins: ['http://127.0.0.1:18090'],
      post_logout_redirect_uris: [],
      kind: 'confidential',
    });
  });

  it("sends where logout may return, under the redirect URIs' rules, naming a wrong line", () => {
    const good = fieldsWith({
      redirect_uris: 'https://bozor.uz/cb',
      post_logout_redirect_uris: ' https://bozor.uz/bye \n',
    });
    expect(good.fields.check()).toMatchObject({ post_logout_redirect_uris: ['https://bozor.uz/bye'] });
    const { form, fields } = fieldsWith({
      redirect_uris: 'https://bozor.uz/cb',
      post_logout_redirect_uris: 'https://bozor.uz/bye\nhttps://bozor.uz/bye#x',
    });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({ post_logout_redirect_uris: 'uri_fragment_not_allowed' });
    expect(fields.lineProblems.value).toEqual({
      post_logout_redirect_uris: [
        { line: 2, value: 'https://bozor.uz/bye#x', problem: 'uri_fragment_not_allowed', suggestion: null },
      ],
    });
  });

  it('writes a page address as the browser does, since pages are not matched exactly', () => {
    const { fields } = fieldsWith({
      home_page: 'https://bozor.uz',
      terms_url: ' https://bozor.uz/terms ',
      web_origins: 'https://bozor.uz',
    });
    expect(fields.check()).toMatchObject({ home_page: 'https://bozor.uz/', terms_url: 'https://bozor.uz/terms' });
  });

  it('names the line of a redirect URI that is neither https nor an app’s own scheme', () => {
    const { form, fields } = fieldsWith({ redirect_uris: 'https://bozor.uz/cb\nhttp://example.com/cb' });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({ redirect_uris: 'redirect_uri_scheme_required' });
    expect(fields.lineProblems.value).toEqual({
      redirect_uris: [
        { line: 2, value: 'http://example.com/cb', problem: 'redirect_uri_scheme_required', suggestion: null },
      ],
    });
  });

  it('checks every line of a list and names each wrong one, not only the first', () => {
    const { form, fields } = fieldsWith({
      redirect_uris: 'http://example.com/cb\nhttps://bozor.uz/cb\nhttps://bozor.uz/*\nhttps://bozor.uz/back#top',
    });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({ redirect_uris: 'redirect_uri_scheme_required' });
    expect(fields.lineProblems.value.redirect_uris?.map(({ line, problem }) => [line, problem])).toEqual([
      [1, 'redirect_uri_scheme_required'],
      [3, 'uri_wildcard_not_allowed'],
      [4, 'uri_fragment_not_allowed'],
    ]);
  });

  it('suggests the exact form of an origin with a path or trailing slash, and of a redirect URI the browser would rewrite', () => {
    const { form, fields } = fieldsWith({ web_origins: 'https://bozor.uz/', redirect_uris: 'https://BOZOR.uz' });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({ web_origins: 'origin_invalid', redirect_uris: 'uri_invalid' });
    expect(fields.lineProblems.value).toEqual({
      web_origins: [{ line: 1, value: 'https://bozor.uz/', problem: 'origin_invalid', suggestion: 'https://bozor.uz' }],
      redirect_uris: [{ line: 1, value: 'https://BOZOR.uz', problem: 'uri_invalid', suggestion: 'https://bozor.uz/' }],
    });
  });

  it('refuses a fragment, user-info and a wildcard, as the server does', () => {
    for (const [uri, key] of [
      ['https://bozor.uz/cb#x', 'uri_fragment_not_allowed'],
      ['https://me@bozor.uz/cb', 'uri_userinfo_not_allowed'],
      ['https://*.bozor.uz/cb', 'uri_wildcard_not_allowed'],
      ['bozor.uz/cb', 'uri_invalid'],
    ]) {
      const { form, fields } = fieldsWith({ redirect_uris: uri });
      expect(fields.check(), uri).toBeNull();
      expect(form.errors.value, uri).toEqual({ redirect_uris: key });
    }
  });

  it('refuses a page on an app’s own scheme, as the server does, with the web pages’ key', () => {
    const { form, fields } = fieldsWith({ privacy_policy_url: 'uz.bozor.app:/privacy' });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toMatchObject({ privacy_policy_url: 'uri_https_required' });
  });

  it('asks for a name, the two pages and at least one address', () => {
    const { form, fields } = fieldsWith({ name: ' ', home_page: '', privacy_policy_url: 'http://bozor.uz/privacy' });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({
      name: 'field_required',
      home_page: 'field_required',
      privacy_policy_url: 'uri_https_required',
      redirect_uris: 'redirect_or_origin_required',
    });
  });

  it('refuses a name over 60 characters and more than 10 addresses', () => {
    const many = Array.from({ length: 11 }, (_, index) => `https://bozor.uz/cb${index}`).join('\n');
    const { form, fields } = fieldsWith({ name: 'B'.repeat(61), redirect_uris: many });
    expect(fields.check()).toBeNull();
    expect(form.errors.value).toEqual({ name: 'app_name_too_long', redirect_uris: 'too_many_uris' });
  });

  it('refuses a name with a bidi override or an invisible character, with the server’s key', () => {
    for (const name of ['Bozor\u202Epohs', 'Pay\u200Bnet', 'Paynet\u3164']) {
      const { form, fields } = fieldsWith({ name, web_origins: 'https://bozor.uz' });
      expect(fields.check()).toBeNull();
      expect(form.errors.value, name).toEqual({ name: 'app_name_hidden_characters' });
    }
  });

  it('forgets a field’s error and its line once the field is typed in', () => {
    const { form, fields } = fieldsWith({ redirect_uris: 'http://example.com/cb' });
    fields.check();
    fields.set('redirect_uris', 'https://example.com/cb');
    expect(form.errors.value).toEqual({});
    expect(fields.lineProblems.value).toEqual({});
  });

  it('fills the form from an app', () => {
    const { fields } = fieldsWith({});
    fields.takeApp({
      client_id: 'c1',
      name: 'Bozor',
      logo_url: null,
      home_page: 'https://bozor.uz/',
      privacy_policy_url: 'https://bozor.uz/privacy',
      terms_url: null,
      redirect_uris: ['https://bozor.uz/a', 'https://bozor.uz/b'],
      web_origins: ['https://bozor.uz'],
      post_logout_redirect_uris: ['https://bozor.uz/bye'],
      kind: 'confidential',
      has_secret: false,
      secret_created_at: null,
      created_at: '2026-11-24T09:00:00.000Z',
      updated_at: '2026-11-24T09:00:00.000Z',
    });
    expect(fields.values.value).toMatchObject({
      redirect_uris: 'https://bozor.uz/a\nhttps://bozor.uz/b',
      web_origins: 'https://bozor.uz',
      post_logout_redirect_uris: 'https://bozor.uz/bye',
      terms_url: '',
    });
    expect(fields.kind.value).toBe('confidential');
  });

  it('numbers lines as the person sees them, blank ones included', () => {
    expect(linesOf('\n a \r\n\nb')).toEqual([
      { line: 2, value: 'a' },
      { line: 4, value: 'b' },
    ]);
  });
});
