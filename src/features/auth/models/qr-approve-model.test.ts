import { describe, expect, it } from 'vitest';
import type { QrLoginRequestDetails } from '../../../../server/src/contract/qr-login.js';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { qrApprovalApi } from '../api/qr-login';
import { createQrApproveModel, scannedRequestId } from './qr-approve-model';

const SSO = '/sso/api/v1';
const ORIGIN = 'https://kirish.test';
const ID = 'Abc_def-0123456789xyzW';
const REQUEST = `${SSO}/qr/login-requests/${ID}/`;
const details: QrLoginRequestDetails = {
  id: ID,
  browser: 'Chrome',
  os: 'Windows',
  ip: '203.0.113.7',
  place: 'Tashkent, Uzbekistan',
  created_at: '2026-11-27T17:00:00.000Z',
  expires_in: 50,
  numbers: ['12', '07', '88'],
};

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const model = createQrApproveModel({ api: qrApprovalApi(server.http, SSO), showError, origin: ORIGIN });
  return { server, toasts, model };
}

describe('which scanned codes the phone accepts', () => {
  it("only this site's scanner URL with an id in its fragment", () => {
    expect(scannedRequestId(`${ORIGIN}/personal/qr-scanner#${ID}`, ORIGIN)).toBe(ID);
    expect(scannedRequestId(`https://kirish.test.evil.example/personal/qr-scanner#${ID}`, ORIGIN)).toBeNull();
    expect(scannedRequestId(`http://kirish.test/personal/qr-scanner#${ID}`, ORIGIN)).toBeNull();
    expect(scannedRequestId(`${ORIGIN}/login#${ID}`, ORIGIN)).toBeNull();
    expect(scannedRequestId(`${ORIGIN}/personal/qr-scanner?next=x#${ID}`, ORIGIN)).toBeNull();
    expect(scannedRequestId(`${ORIGIN}/personal/qr-scanner#`, ORIGIN)).toBeNull();
    expect(scannedRequestId('WIFI:S:cafe;T:WPA;P:secret;;', ORIGIN)).toBeNull();
  });
});

describe("the phone's approval", () => {
  it('says a foreign code and stays scanning; a Kirish code shows the request and approves the picked number', async () => {
    const { server, model } = setup();
    expect(model.read('https://example.com/')).toBe(false);
    expect([model.phase.value, model.notKirish.value]).toEqual(['scanning', true]);
    server.answer('get', REQUEST, details);
    model.read(`${ORIGIN}/personal/qr-scanner#${ID}`);
    await Promise.resolve();
    await Promise.resolve();
    expect(model.phase.value).toBe('details');
    expect(model.details.value?.numbers).toEqual(['12', '07', '88']);
    server.answer('post', `${REQUEST}approve/`, null);
    await model.approve('07');
    expect(model.phase.value).toBe('approved');
    expect(server.calls.at(-1)).toMatchObject({ method: 'post', body: { number: '07', save: true } });
  });

  it('a wrong number: the request is gone, and the phone says so', async () => {
    const { server, model, toasts } = setup();
    server.answer('get', REQUEST, details);
    await model.open(ID);
    server.fail('post', `${REQUEST}approve/`, failure(409, 'qr_number_mismatch'));
    await model.approve('12');
    expect(model.phase.value).toBe('mismatch');
    expect(toasts).toEqual([]);
  });

  it('an old sign-in gives a fresh proof first, then the same number is approved with it', async () => {
    const { server, model } = setup();
    server.answer('get', REQUEST, details);
    await model.open(ID);
    server.fail('post', `${REQUEST}approve/`, failure(403, 'proof_required'));
    await model.approve('07');
    expect(model.phase.value).toBe('proof');
    server.answer('post', `${REQUEST}approve/`, null);
    await model.proven('proof-1');
    expect(model.phase.value).toBe('approved');
    expect(server.calls.at(-1)?.body).toEqual({ number: '07', save: true, proof: 'proof-1' });
  });

  it('an expired or used code, on opening or on approving, is said as gone; a denial is said', async () => {
    const { server, model } = setup();
    server.fail('get', REQUEST, failure(404, 'not_found'));
    await model.open(ID);
    expect(model.phase.value).toBe('gone');
    server.answer('get', REQUEST, details);
    await model.open(ID);
    server.fail('post', `${REQUEST}approve/`, failure(410, 'qr_request_expired'));
    await model.approve('07');
    expect(model.phase.value).toBe('gone');
    model.scanAgain();
    server.answer('get', REQUEST, details);
    await model.open(ID);
    server.answer('post', `${REQUEST}deny/`, null);
    await model.deny();
    expect(model.phase.value).toBe('denied');
  });

  it('another failure is shown and the details stay, to try again', async () => {
    const { server, model, toasts } = setup();
    server.fail('get', REQUEST, failure(502, 'server_error'));
    await model.open(ID);
    expect([model.phase.value, toasts]).toEqual(['failed', ['server_error']]);
    server.answer('get', REQUEST, details);
    await model.retry();
    expect(model.phase.value).toBe('details');
  });
});
