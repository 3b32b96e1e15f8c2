/**
 * The SPA and the server agree on every rule both apply (docs/architecture.md, "value both sides
 * need"): the same examples go to the check a screen calls (the new-password fields, the address
 * form's model, the app form's model) and to the server's endpoint as a client meets it
 * (`app.request()` on a test server), and both must give the verdict of the table: the error key,
 * or null for accepted. Plain letters, Cyrillic, combining marks, NFKC cases (full-width letters,
 * ligatures, a squared unit), emoji, control characters, and each limit exactly and one over.
 *
 * It lives in test/ because this is the one project whose files import both the SPA (src/) and the
 * server's source with its test server; it needs no build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPath, developerCalls } from '../server/src/test-support/developers.js';
import { createTestServer, STRONG_PASSWORD, V1, type TestServer } from '../server/src/test-support/test-server.js';
import { createAddressesModel } from '../src/features/personal/models/addresses-model.js';
import type { AddressFields, AddressesApi } from '../src/features/personal/api/addresses.js';
import { createAppFields } from '../src/features/developers/models/app-fields.js';
import { createForm } from '../src/lib/form.js';
import { checkNewPassword } from '../src/lib/new-password.js';

type Verdict = string | null;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = (await server.registerByPhone('+998901234567')).access;
});
afterAll(async () => {
  await server.close();
});

/** The server's verdict on one field: null for a 2xx, else the key of its error about `field`. */
function verdictOf(
  answer: { status: number; json: { errors?: { error: string; field?: string }[] } },
  field: string,
): Verdict {
  if (answer.status < 300) return null;
  const errors = answer.json.errors ?? [];
  return (errors.find((error) => error.field === field) ?? errors[0])?.error ?? `status ${answer.status}`;
}

const repeat = (text: string, times: number) => text.repeat(times);

/** What the new-password fields say (checkNewPassword, which the four password flows call). */
function passwordFieldsVerdict(password: string): Verdict {
  const form = createForm(() => null);
  checkNewPassword(form, password, password);
  return form.errors.peek().password ?? null;
}

/** What the address form's model says on Save, with every other field filled in: its error, or null when it sent the address. */
async function addressFormVerdict(name: keyof AddressFields, value: string): Promise<Verdict> {
  let sent = false;
  const api = { create: async () => ((sent = true), {}), list: async () => [] } as unknown as AddressesApi;
  const model = createAddressesModel({ api, showError: () => null });
  model.startAdding();
  for (const [field, typed] of Object.entries({
    region: 'tashkent_city',
    district: 'chilonzor',
    street: 'Bunyodkor',
    house: '12',
    [name]: value,
  }))
    model.set(field as keyof AddressFields, typed);
  await model.save();
  return model.field[name].error.peek() ?? (sent ? null : 'not sent');
}

/** What the app form's model says of a name (the Developers screens' check). */
function appFormVerdict(name: string): Verdict {
  const form = createForm(() => null);
  const fields = createAppFields(form);
  fields.set('name', name);
  fields.check();
  return form.errors.peek().name ?? null;
}

describe('a new password', () => {
  // 8 to 128 characters, counted in code points of the NFKC form: the form that is hashed.
  const examples: [string, string, Verdict][] = [
    ['ASCII, 8', 'Qovun-pi', null],
    ['ASCII, 7', 'Qovun-p', 'password_too_short'],
    ['Cyrillic, 8', 'Қовун-пи', null],
    ['Cyrillic, 7', 'Қовун-п', 'password_too_short'],
    ['a combining accent, 8 typed, 7 after NFKC composes é', 'Qovune\u0301x', 'password_too_short'],
    ['a combining accent, 9 typed, 8 after NFKC', 'Qovune\u0301xy', null],
    ['full-width letters, 8', 'Ｑｏｖｕｎ-ｐｉ', null],
    ['full-width letters, 7', 'Ｑｏｖｕｎ-ｐ', 'password_too_short'],
    ['the ligature ﬁ, 7 typed, 8 after NFKC', 'Qovun-ﬁ', null],
    ['the squared ㎒, 6 typed, 8 after NFKC', 'Qovun㎒', null],
    ['emoji, 8', '🍉🍇🍒🥭🍉🍇🍒🥭', null],
    ['emoji, 7', '🍉🍇🍒🥭🍉🍇🍒', 'password_too_short'],
    ['ASCII, 128', repeat('Kq7#vLzP', 16), null],
    ['ASCII, 129', `${repeat('Kq7#vLzP', 16)}x`, 'password_too_long'],
    ['emoji, 128 (256 UTF-16 units)', repeat('🍉🍇🍒🥭', 32), null],
    ['ligatures ﬃ, 43 typed, 129 after NFKC', `${repeat('ﬃ', 43)}`, 'password_too_long'],
  ];

  let current = STRONG_PASSWORD;
  async function serverVerdict(password: string): Promise<Verdict> {
    const answer = await server.post(
      `${V1}/user/change-password/`,
      { old_password: current, new_password: password },
      { token },
    );
    if (answer.status === 200) current = password;
    return verdictOf(answer, 'new_password');
  }

  it.each(examples)('%s: the same verdict on both sides', async (_name, password, expected) => {
    expect({ spa: passwordFieldsVerdict(password), server: await serverVerdict(password) }).toEqual({
      spa: expected,
      server: expected,
    });
  });
});

describe('an address field', () => {
  // Counted in UTF-16 code units after trimming and collapsing spaces, as an input's maxLength counts.
  const examples: [string, keyof AddressFields, string, Verdict][] = [
    ['street, ASCII, 120', 'street', repeat('a', 120), null],
    ['street, ASCII, 121', 'street', repeat('a', 121), 'address_street_too_long'],
    ['street, Cyrillic, 120', 'street', repeat('ш', 120), null],
    ['street, Cyrillic, 121', 'street', repeat('ш', 121), 'address_street_too_long'],
    ['street, combining accents, 120 units', 'street', repeat('e\u0301', 60), null],
    ['street, combining accents, 122 units', 'street', repeat('e\u0301', 61), 'address_street_too_long'],
    ['street, emoji, 120 units', 'street', repeat('🏠', 60), null],
    ['street, emoji, 122 units', 'street', repeat('🏠', 61), 'address_street_too_long'],
    ['street, 120 after collapsing spaces', 'street', `  ${repeat('a', 59)}    ${repeat('b', 60)}  `, null],
    ['street, blank', 'street', '   ', 'field_required'],
    ['street, a control character', 'street', 'Amir Temur\u0007', 'invalid_value'],
    ['house, 20', 'house', repeat('1', 20), null],
    ['house, 21', 'house', repeat('1', 21), 'address_house_too_long'],
    ['apartment, full-width digits, 20', 'apartment', repeat('１', 20), null],
    ['apartment, 21', 'apartment', repeat('1', 21), 'address_house_too_long'],
    ['label, Cyrillic, 40', 'label', repeat('Уй', 20), null],
    ['label, 41', 'label', repeat('x', 41), 'address_label_too_long'],
    ['label, blank', 'label', '  ', null],
    ['postal code, 6 digits', 'postal_code', '100000', null],
    ['postal code, 5 digits', 'postal_code', '10000', 'invalid_postal_code'],
    ['postal code, full-width digits', 'postal_code', '１０００００', 'invalid_postal_code'],
    ['postal code, blank', 'postal_code', ' ', null],
  ];

  let addressId: string;
  beforeAll(async () => {
    const regions = (await server.call('GET', '/common/api/v1/regions/')).json as {
      id: string;
      districts: { id: string }[];
    }[];
    const [region] = regions;
    const created = await server.post(
      `${V1}/user/addresses/`,
      { region: region?.id, district: region?.districts[0]?.id, street: 'Bunyodkor', house: '12' },
      { token },
    );
    if (created.status !== 201) throw new Error(`address not created: ${created.status} ${created.text}`);
    addressId = created.json.id as string;
  });

  it.each(examples)('%s: the same verdict on both sides', async (_name, field, value, expected) => {
    const answer = await server.call('PATCH', `${V1}/user/addresses/${addressId}/`, {
      token,
      body: { [field]: value },
    });
    expect({ spa: await addressFormVerdict(field, value), server: verdictOf(answer, field) }).toEqual({
      spa: expected,
      server: expected,
    });
  });
});

describe("an app's name", () => {
  // 1 to 60 code points after trimming, nothing hidden.
  const examples: [string, string, Verdict][] = [
    ['ASCII, 60', repeat('b', 60), null],
    ['ASCII, 61', repeat('b', 61), 'app_name_too_long'],
    ['Cyrillic, 60', repeat('Ш', 60), null],
    ['emoji, 60 code points', repeat('🛒', 60), null],
    ['emoji, 61 code points', repeat('🛒', 61), 'app_name_too_long'],
    ['a zero-width joiner', 'Bozor\u200dShop', 'app_name_hidden_characters'],
    ['blank', '   ', 'field_required'],
  ];

  let clientId: string;
  beforeAll(async () => {
    clientId = (await developerCalls(server).created(token)).app.client_id;
  });

  it.each(examples)('%s: the same verdict on both sides', async (_name, name, expected) => {
    const answer = await server.call('PATCH', appPath(clientId), { token, body: { name } });
    expect({ spa: appFormVerdict(name), server: verdictOf(answer, 'name') }).toEqual({
      spa: expected,
      server: expected,
    });
  });
});

// Last: after every example has gone to the server.
it('logs no unexpected server error on the way', () => {
  expect(server.loggedErrors).toEqual([]);
});
