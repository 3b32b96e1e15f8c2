/** Sign-in by QR's steps for tests (issue 39): the browser's request and its long poll, the phone's calls. */
import { QR_SECRET_HEADER } from '../contract/qr-login.js';
import { CHROME_WINDOWS } from './security.js';
import { V1, type CallResult, type TestServer } from './test-server.js';

export const QR_REQUESTS = `${V1}/qr/login-requests/`;
/** The desktop's address, as its requests come from it. */
export const DESKTOP_IP = '198.51.100.23';

export interface QrCreated {
  id: string;
  secret: string;
  qr: string;
  number: string;
  expires_in: number;
}

export function qrSteps(server: Pick<TestServer, 'call' | 'post'>) {
  /** The desktop's POST: a new request, from Chrome on Windows. */
  async function create(ip = DESKTOP_IP): Promise<QrCreated> {
    const answer = await server.post(QR_REQUESTS, undefined, { headers: { 'user-agent': CHROME_WINDOWS }, ip });
    if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${answer.text}`);
    return answer.json as QrCreated;
  }

  /** The long poll, as a browser whose proxy buffers streams reads its events. */
  function events(
    id: string,
    secret: string | undefined,
    after: 'pending' | 'scanned' = 'pending',
  ): Promise<CallResult> {
    return server.call('GET', `${QR_REQUESTS}${id}/events?wait=long&after=${after}`, {
      headers: { 'user-agent': CHROME_WINDOWS, ...(secret === undefined ? {} : { [QR_SECRET_HEADER]: secret }) },
      ip: DESKTOP_IP,
    });
  }

  const details = (id: string, token: string) => server.call('GET', `${QR_REQUESTS}${id}/`, { token });
  const approve = (id: string, token: string, body: Record<string, unknown>) =>
    server.post(`${QR_REQUESTS}${id}/approve/`, body, { token });
  const deny = (id: string, token: string) => server.post(`${QR_REQUESTS}${id}/deny/`, undefined, { token });

  return { create, events, details, approve, deny };
}
