/** Sign-in methods' passkeys as a person sees them: each row's facts, the empty state, Add only where passkeys work. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { useReactRoot } from '../../../lib/testing/react-root';
import { renderSignedIn, SSO } from '../test-support/render-signed-in';
import { Passkeys } from './passkeys';

const view = useReactRoot();
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

async function show(passkeys: unknown[]) {
  const server = await renderSignedIn(view, <Passkeys now={NOW} />, (script) =>
    script.answer('get', `${SSO}/user/passkeys/`, { passkeys }),
  );
  expect(server.unexpected).toEqual([]);
}

const text = () => view.host.textContent ?? '';
const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the passkeys on Sign-in methods', () => {
  it('shows each passkey with when it was made and used, and Synced when it is backed up', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await show([
      {
        id: 'a',
        name: 'Chrome on Linux',
        created_at: '2026-11-20T12:00:00.000Z',
        last_used_at: null,
        backed_up: false,
      },
      {
        id: 'b',
        name: 'Safari on iOS',
        created_at: '2026-11-27T11:00:00.000Z',
        last_used_at: '2026-11-27T11:30:00.000Z',
        backed_up: true,
      },
    ]);
    const rows = [...view.host.querySelectorAll('.row-item')];
    expect(rows.map((row) => row.querySelector('.row-name')?.textContent)).toEqual([
      'Chrome on Linux',
      'Safari on iOS',
    ]);
    expect(rows[0]?.querySelector('.row-detail')?.textContent).toContain(en.passkeys_never_used);
    expect(rows[0]?.querySelector('.badge')).toBeNull();
    expect(rows[1]?.querySelector('.row-detail')?.textContent).not.toContain(en.passkeys_never_used);
    expect(rows[1]?.querySelector('.badge')?.textContent).toBe(en.passkeys_synced);
    expect(buttons()).toContain(en.passkeys_add);
  });

  it('explains what a passkey is when there is none, and why Add is missing where the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await show([]);
    expect(view.host.querySelector('.empty-state-text')?.textContent).toBe(en.passkeys_empty_text);
    expect(buttons()).not.toContain(en.passkeys_add);
    expect(text()).toContain(en.passkeys_unsupported);
  });
});
