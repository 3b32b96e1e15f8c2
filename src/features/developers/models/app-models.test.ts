import { describe, expect, it } from 'vitest';
import type { DeveloperApp } from '../../../../server/src/contract/developers.js';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { createAppModel, LOGO_MAX_BYTES } from './app-model';
import { createAppsListModel } from './apps-list-model';
import { createNewAppModel } from './new-app-model';

const SSO = '/sso/api/v1';
const APPS = `${SSO}/developers/apps/`;
const app: DeveloperApp = {
  client_id: 'bozor-7Hq2',
  name: 'Bozor',
  logo_url: null,
  home_page: 'https://bozor.uz/',
  privacy_policy_url: 'https://bozor.uz/privacy',
  terms_url: null,
  redirect_uris: ['https://bozor.uz/cb'],
  web_origins: ['https://bozor.uz'],
  post_logout_redirect_uris: [],
  kind: 'confidential',
  has_secret: true,
  secret_created_at: '2026-11-24T09:00:00.000Z',
  created_at: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-24T09:00:00.000Z',
};
const APP = `${APPS}bozor-7Hq2/`;

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  return { server, showError, toasts };
}

async function loadedApp() {
  const { server, showError, toasts } = setup();
  server.answer('get', APP, { app });
  const model = createAppModel({ http: server.http, ssoApi: SSO, clientId: app.client_id, showError });
  await model.load();
  return { server, toasts, model };
}

describe('the list of apps', () => {
  it('loads the apps and whether another may be registered', async () => {
    const { server, showError } = setup();
    server.answer('get', APPS, { apps: [app], limit: 10, can_register: false, reason: 'phone_required' });
    const model = createAppsListModel({ http: server.http, ssoApi: SSO, showError });
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.list.value).toMatchObject({ apps: [app], can_register: false, reason: 'phone_required' });
  });

  it('says when loading failed', async () => {
    const { server, showError, toasts } = setup();
    server.fail('get', APPS, failure(502, 'server_error'));
    const model = createAppsListModel({ http: server.http, ssoApi: SSO, showError });
    await model.load();
    expect(model.state.value).toBe('failed');
    expect(toasts).toEqual(['server_error']);
  });
});

function filled() {
  const { server, showError, toasts } = setup();
  const model = createNewAppModel({ http: server.http, ssoApi: SSO, showError });
  model.fields.set('name', 'Bozor');
  model.fields.set('home_page', 'https://bozor.uz/');
  model.fields.set('privacy_policy_url', 'https://bozor.uz/privacy');
  model.fields.set('redirect_uris', 'https://bozor.uz/cb');
  return { server, toasts, model };
}

describe('registering an app', () => {
  it('sends nothing while a line is wrong', async () => {
    const { server, model } = filled();
    model.fields.set('web_origins', 'https://bozor.uz/shop');
    expect(await model.register()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ web_origins: 'origin_invalid' });
    expect(server.calls).toEqual([]);
  });

  it('keeps the first secret of a confidential app to show it once', async () => {
    const { server, model } = filled();
    model.fields.kind.value = 'confidential';
    server.answer('post', APPS, { app, client_secret: 'kirish_secret_abc' });
    expect(await model.register()).toEqual({ app, client_secret: 'kirish_secret_abc' });
    expect(server.calls[0]?.body).toMatchObject({
      name: 'Bozor',
      kind: 'confidential',
      redirect_uris: ['https://bozor.uz/cb'],
      web_origins: [],
    });
    expect(model.created.value?.client_secret).toBe('kirish_secret_abc');
  });

  it('puts the server’s refusal beside its field', async () => {
    const { server, model } = filled();
    server.fail('post', APPS, failure(400, 'field_required', 'privacy_policy_url'));
    expect(await model.register()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ privacy_policy_url: 'field_required' });
  });

  it('says why an account without a phone may not register', async () => {
    const { server, model, toasts } = filled();
    server.fail('post', APPS, failure(403, 'developer_phone_required'));
    expect(await model.register()).toBeUndefined();
    expect(toasts.length).toBe(1);
  });
});

describe('an app’s page', () => {
  it('loads the app into the form', async () => {
    const { model } = await loadedApp();
    expect(model.state.value).toBe('ready');
    expect(model.fields.values.value.redirect_uris).toBe('https://bozor.uz/cb');
  });

  it('says "not found" for an app that is not the person’s, without a toast', async () => {
    const { server, showError, toasts } = setup();
    server.fail('get', APP, failure(404, 'app_not_found'));
    const model = createAppModel({ http: server.http, ssoApi: SSO, clientId: app.client_id, showError });
    await model.load();
    expect(model.state.value).toBe('missing');
    expect(toasts).toEqual([]);
  });

  it('saves the edits without the kind, and takes the app as the server answers it', async () => {
    const { server, model } = await loadedApp();
    model.fields.set('name', 'Bozor Shop');
    server.answer('patch', APP, { app: { ...app, name: 'Bozor Shop' } });
    expect(await model.save()).toBe(true);
    const body = server.calls.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Bozor Shop', redirect_uris: ['https://bozor.uz/cb'] });
    expect(body).not.toHaveProperty('kind');
    expect(model.app.value?.name).toBe('Bozor Shop');
  });

  it('shows a new secret once, and forgets it when hidden', async () => {
    const { server, model } = await loadedApp();
    server.answer('post', `${APP}secret/`, { client_id: app.client_id, client_secret: 'kirish_secret_new' });
    expect(await model.rotateSecret()).toBe(true);
    expect(model.secret.value).toBe('kirish_secret_new');
    model.hideSecret();
    expect(model.secret.value).toBeNull();
  });

  it('checks a logo before sending it, then takes the app with its logo', async () => {
    const { server, model } = await loadedApp();
    expect(await model.uploadLogo(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(model.actions.errors.value).toEqual({ logo: 'invalid_media_type' });
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'logo.png', { type: 'image/png' });
    expect(await model.uploadLogo(big)).toBe(false);
    expect(model.actions.errors.value).toEqual({ logo: 'file_too_large' });
    expect(server.calls.length).toBe(1);
    server.answer('post', `${APP}logo/`, { app: { ...app, logo_url: '/cdn/logo.png' } });
    expect(await model.uploadLogo(new File(['png'], 'logo.png', { type: 'image/png' }))).toBe(true);
    expect(server.calls.at(-1)?.body).toBeInstanceOf(FormData);
    expect(model.app.value?.logo_url).toBe('/cdn/logo.png');
    server.answer('delete', `${APP}logo/`, { app });
    expect(await model.removeLogo()).toBe(true);
    expect(model.app.value?.logo_url).toBeNull();
  });

  it('deletes the app', async () => {
    const { server, model } = await loadedApp();
    server.answer('delete', APP, '');
    expect(await model.remove()).toBe(true);
    expect(server.unexpected).toEqual([]);
  });
});
