import { describe, expect, it } from 'vitest';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const CONFIGURED = 'https://mahalla.example.uz/oneid/callback?system=kirish';
const configured = useTestServer({ env: { MAHALLA_ONEID_CALLBACK_URL: CONFIGURED } });
const unset = useTestServer();

describe('GET /mahalla/oneid/callback/', () => {
  it('answers the configured external callback, its query kept', async () => {
    const answer = await configured.call('GET', `${V1}/mahalla/oneid/callback/`);
    expect([answer.status, answer.json]).toEqual([200, { url: CONFIGURED }]);
  });

  it('answers null when none is configured, whatever the query names', async () => {
    const answer = await unset.call('GET', `${V1}/mahalla/oneid/callback/?url=https%3A%2F%2Fevil.example%2F`);
    expect([answer.status, answer.json]).toEqual([200, { url: null }]);
  });
});
