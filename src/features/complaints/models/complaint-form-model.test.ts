import { describe, expect, it } from 'vitest';
import { fakeHttp, fakeShowError, failure } from '../../../lib/testing/fake-http';
import { complaintsApi } from '../api/complaints-api';
import { createComplaintFormModel } from './complaint-form-model';

const SSO = '/sso/api/v1';
const COMMON = '/common/api/v1';
const FILE = `${COMMON}/help/complaints/`;
const sent = { message: 'code_send_to_phone', to: '+998 90 *** ** 67', expires_in: 300, resend_in: 120 };

function setup(signedIn: boolean) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const filed: number[] = [];
  const model = createComplaintFormModel({
    api: complaintsApi(server.http, COMMON),
    codeApi: { http: server.http, ssoApi: SSO, signInHeaders: () => ({}) },
    showError,
    now: () => 0,
    announce: () => {},
    signedIn: () => signedIn,
    onFiled: (answer) => void filed.push(answer.number),
  });
  return { server, model, filed, toasts };
}

function fill(model: ReturnType<typeof setup>['model']) {
  model.category.set('codes');
  model.subject.set('  The code did not arrive ');
  model.text.set('Three times, nothing.');
}

const sentForm = (body: unknown) => Object.fromEntries([...(body as FormData).entries()].map(([k, v]) => [k, v]));

describe('the complaint form', () => {
  it('says each missing or too long field beside it and sends nothing', async () => {
    const { server, model } = setup(true);
    model.subject.set('x'.repeat(151));
    await model.submit();
    expect(model.form.errors.value).toEqual({
      category: 'field_required',
      subject: 'field_too_long',
      text: 'field_required',
    });
    expect(server.calls).toEqual([]);
  });

  it('signed in, sends the form with its files as multipart and hands back the number', async () => {
    const { server, model, filed } = setup(true);
    fill(model);
    const picture = new File(['png'], 'screen.png', { type: 'image/png' });
    model.pick([picture, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })]);
    expect(model.form.errors.value).toEqual({ attachment: 'invalid_attachment_type' });
    expect(model.attachments.value).toEqual([picture]);
    server.answer('post', FILE, { id: 'c12', number: 12 });
    await model.submit();
    const body = server.calls[0]?.body as FormData;
    expect(sentForm(body)).toMatchObject({
      category: 'codes',
      subject: 'The code did not arrive',
      text: 'Three times, nothing.',
    });
    expect(body.getAll('attachment').map((f) => (f as File).name)).toEqual(['screen.png']);
    expect(body.has('request_id')).toBe(false);
    expect(filed).toEqual([12]);
  });

  it('puts every key the server names beside its field, keeping what was typed', async () => {
    const { server, model, filed } = setup(true);
    fill(model);
    server.fail('post', FILE, {
      status: 400,
      data: {
        errors: [
          { error: 'file_too_large', field: 'attachment' },
          { error: 'field_too_long', field: 'subject' },
        ],
      },
    });
    await model.submit();
    expect(model.form.errors.value).toEqual({ attachment: 'file_too_large', subject: 'field_too_long' });
    expect([model.subject.value, model.text.value, model.step.value]).toEqual([
      '  The code did not arrive ',
      'Three times, nothing.',
      'form',
    ]);
    expect(filed).toEqual([]);
  });

  it('signed out, proves the phone by a `complaint` code, then sends the form with the proof', async () => {
    const { server, model, filed } = setup(false);
    fill(model);
    model.contact.phone.set('90 123 45 67');
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent);
    await model.submit();
    expect(server.calls[0]?.body).toEqual({ type: 'complaint', phone: '+998901234567', method: 'sms' });
    expect(model.step.value).toBe('code');

    model.codes.code.set('123456');
    server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'r1' });
    server.fail('post', FILE, failure(400, 'field_too_long', 'text'));
    await model.confirm();
    expect(server.calls[1]?.body).toEqual({ type: 'complaint', phone: '+998901234567', code: '123456' });
    expect(sentForm(server.calls[2]?.body)).toMatchObject({ request_id: 'r1' });
    // The refusal shows the form again, the proof kept: a fix and a send need no new code.
    expect([model.step.value, model.form.errors.value]).toEqual(['form', { text: 'field_too_long' }]);
    model.text.set('Shorter.');
    server.answer('post', FILE, { id: 'c3', number: 3 });
    await model.submit();
    expect(sentForm(server.calls[3]?.body)).toMatchObject({ request_id: 'r1', text: 'Shorter.' });
    expect(filed).toEqual([3]);
  });

  it('signed out, a spent proof is said beside the contact and the next send asks for a new code', async () => {
    const { server, model } = setup(false);
    fill(model);
    model.contact.phone.set('90 123 45 67');
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent);
    await model.submit();
    model.codes.code.set('123456');
    server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'r1' });
    server.fail('post', FILE, failure(400, 'request_id_error', 'request_id'));
    await model.confirm();
    expect(model.form.errors.value).toEqual({ phone: 'request_id_error' });
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent);
    await model.submit();
    expect(server.calls.at(-1)?.url).toBe(`${SSO}/auth/SendAuthSmsVerification/`);
    expect(model.step.value).toBe('code');
  });
});
