/** The stand-in as a whole: started and stopped on a port, its presets beside the demo account, its picture. */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../lib/clock.js';
import { DEMO_ACCOUNT } from '../demo-data.js';
import { DEMO_EMAIL, DEMO_PHONE, PRESET_IDENTITIES } from './identities.js';
import { developmentClients } from './options.js';
import { startStandin } from './standin.js';

describe('the stand-in', () => {
  it("offers a preset with the demo account's e-mail and phone, so the integration step can be seen", () => {
    expect([DEMO_EMAIL, DEMO_PHONE]).toEqual([DEMO_ACCOUNT.email, DEMO_ACCOUNT.phone]);
    expect(PRESET_IDENTITIES.find((identity) => identity.email === DEMO_ACCOUNT.email)).toMatchObject({
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      phone: DEMO_ACCOUNT.phone,
    });
  });

  it('serves on 127.0.0.1 at its own origin until stopped, with the development clients of the docs', async () => {
    const running = await startStandin(0, {
      clock: createManualClock(),
      clients: developmentClients('http://127.0.0.1:8080', ''),
    });
    expect(running.origin).toBe(`http://127.0.0.1:${running.port}`);
    const page = await fetch(
      `${running.origin}/google/o/oauth2/v2/auth?${new URLSearchParams({
        response_type: 'token',
        client_id: 'kirish-google',
        redirect_uri: 'http://127.0.0.1:8080/oauth/google',
        scope: 'openid email profile',
        state: 's',
      })}`,
    );
    expect(page.status).toBe(200);
    const picture = await fetch(`${running.origin}/standin/picture.png`);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(60);
    await running.stop();
    await expect(fetch(`${running.origin}/`)).rejects.toThrow('fetch failed');
  });
});
