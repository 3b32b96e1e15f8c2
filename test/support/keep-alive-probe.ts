/**
 * For a file that sends hostile requests over one real keep-alive connection to the built server
 * (issue 10 §1): each request is followed on the same connection by a normal one, which must be
 * answered: an answer given before the body was read must not leave the rest of that body in front of
 * the next request (RFC 9112 §6.3), and a connection may only end after an answer that said
 * `Connection: close` (RFC 9112 §9.6). No answer may be a 5xx. A tally of what happened is printed
 * after the file.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { RawConnection, type RawAnswer, type RawRequest } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import { V1, DEMO } from './write-endpoints.js';

export const JSON_TYPE = { 'content-type': 'application/json' };

/** The error keys of a JSON answer's `errors`, none if it has none or is not JSON. */
export function errorKeys(answer: RawAnswer): string[] {
  try {
    return (
      (JSON.parse(answer.body.toString('utf8')) as { errors?: { error: string }[] }).errors?.map(
        (item) => item.error,
      ) ?? []
    );
  } catch {
    return [];
  }
}

export function useKeepAliveProbe(kirish: { readonly server: ServerProcess }, label: string) {
  let connection: RawConnection;
  let sharedToken = '';
  const tally = { hostile: 0, followUps: 0, reused: 0, closedAsAnnounced: 0, statuses: new Map<number, number>() };

  /** Signs the demo account in and returns its access token. */
  async function signIn(): Promise<string> {
    const response = await fetch(`${kirish.server.origin}${V1}/login/LoginUser/`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ phone: DEMO.phone, password: DEMO.password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access: string }).access;
  }

  /**
   * Sends `request` on the shared connection, then a normal request, and asserts the contract:
   * not a 5xx; the normal request answered on the same connection unless the first answer said
   * `Connection: close`, in which case the server closes it, and the normal request goes on a new one.
   */
  async function sendThenNormal(
    what: string,
    method: string,
    target: string,
    request: Omit<RawRequest, 'method' | 'target'>,
  ): Promise<RawAnswer> {
    if (connection.isClosed) connection = await RawConnection.open(kirish.server.origin);
    let answer: RawAnswer;
    try {
      answer = await connection.send({ method, target, ...request });
    } catch (error) {
      throw new Error(`${what}: dropped without a whole answer: ${String(error)}`, { cause: error });
    }
    tally.hostile += 1;
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
    expect(answer.status, `${what}: ${answer.body.toString('utf8').slice(0, 200)}`).toBeLessThan(500);

    if (/\bclose\b/i.test(answer.headers.connection ?? '')) {
      // RFC 9112 §9.6: a server that says close closes.
      await connection.closed(10_000);
      tally.closedAsAnnounced += 1;
      connection = await RawConnection.open(kirish.server.origin);
    } else {
      tally.reused += 1;
    }
    // On a kept connection, this fails if anything of the hostile body is left in front of it.
    const normal = await connection.send({
      method: 'GET',
      target: '/.well-known/openid-configuration',
      headers: { accept: 'application/json' },
    });
    tally.followUps += 1;
    expect(normal.status, `${what}: the next request`).toBe(200);
    expect((JSON.parse(normal.body.toString('utf8')) as { issuer: string }).issuer).toBe(kirish.server.origin);
    return answer;
  }

  beforeAll(async () => {
    connection = await RawConnection.open(kirish.server.origin);
    sharedToken = await signIn();
  }, 60_000);

  afterAll(async () => {
    connection?.destroy();
    console.error(
      `[${label}] ${tally.hostile} hostile requests, ${tally.followUps} normal ones after them; kept ${tally.reused} connections, closed ${tally.closedAsAnnounced} as announced; statuses ${JSON.stringify(Object.fromEntries([...tally.statuses].toSorted(([a], [b]) => a - b)))}`,
    );
  });

  return {
    signIn,
    sendThenNormal,
    /** The demo account's token, signed in before the file's tests. */
    get sharedToken() {
      return sharedToken;
    },
  };
}
