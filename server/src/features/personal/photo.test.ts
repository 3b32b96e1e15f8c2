import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../config/policy.js';
import { imageDimensions, solidImage } from '../../lib/images.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const PHOTO = `${V1}/user/photo/`;

const server = useTestServer();

async function upload(token: string, parts: Array<[name: string, value: Uint8Array | string, filename?: string]>) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    form.append(
      name,
      typeof value === 'string' ? value : new File([value], filename ?? 'photo.png', { type: 'image/png' }),
    );
  }
  const response = await server.app.request(PHOTO, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const uploadPhoto = (token: string, bytes: Uint8Array, filename = 'photo.png') =>
  upload(token, [['photo', bytes, filename]]);

/** Every stored image row, as `<size>/<source>` (`<source>` alone for the original). */
async function storedImages(): Promise<string[]> {
  const rows = await server.db.selectFrom('images').select(['source', 'size']).execute();
  return rows.map(({ source, size }) => (size === 'original' ? source : `${size}/${source}`)).toSorted();
}

describe('POST /user/photo/', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'takes a %s photo, stores it as WebP in every size and shows it in the profile',
    async (format) => {
      const tokens = await server.registerByPhone('+998903330011');
      const answer = await uploadPhoto(tokens.access, await solidImage(600, 300, format), `me.${format}`);
      expect(answer.status).toBe(200);
      expect(answer.json.photo).toMatch(/^avatars\/[0-9a-f-]{36}-[A-Za-z0-9_-]{16}\.webp$/);
      const source = answer.json.photo as string;
      expect(await storedImages()).toEqual([`100x/${source}`, `200x/${source}`, `400x/${source}`, source]);
      const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access });
      expect(profile.json.profile.photo).toBe(source);
    },
  );

  it('decides by the content, not by the name: a JPEG called .gif is taken, a text file called .png is not', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    expect((await uploadPhoto(tokens.access, await solidImage(40, 40, 'jpeg'), 'photo.gif')).status).toBe(200);
    const text = new TextEncoder().encode('this is not a picture, whatever its name says\n');
    const refused = await uploadPhoto(tokens.access, text, 'photo.png');
    expect([refused.status, refused.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_media_type', field: 'photo' }] },
    ]);
  });

  it('refuses an SVG, HTML and a file that only starts like a PNG', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    const png = await solidImage(40, 40, 'png');
    const truncated = png.subarray(0, 40);
    for (const bytes of [svg, html, truncated]) {
      const answer = await uploadPhoto(tokens.access, bytes);
      expect([answer.status, answer.json]).toEqual([
        400,
        { errors: [{ error: 'invalid_media_type', field: 'photo' }] },
      ]);
    }
    expect(await storedImages()).toEqual([]);
  });

  it('refuses a file one byte over 5 MB with file_too_large, and a much larger body before reading it', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const png = await solidImage(10, 10, 'png');
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(png);
    const answer = await uploadPhoto(tokens.access, big);
    expect([answer.status, answer.json]).toEqual([413, { errors: [{ error: 'file_too_large', field: 'photo' }] }]);
    const huge = new Uint8Array(PHOTO_MAX_BYTES * 2);
    huge.set(png);
    const refused = await uploadPhoto(tokens.access, huge);
    expect([refused.status, refused.json]).toEqual([413, { errors: [{ error: 'file_too_large', field: 'photo' }] }]);
  });

  it('takes a file of exactly 5 MB', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    // A valid PNG with trailing bytes after its end: exactly at the limit.
    const png = await solidImage(10, 10, 'png');
    const exact = new Uint8Array(PHOTO_MAX_BYTES);
    exact.set(png);
    expect((await uploadPhoto(tokens.access, exact)).status).toBe(200);
  });

  it('needs exactly one file field named photo and a multipart body', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const png = await solidImage(10, 10, 'png');
    expect((await upload(tokens.access, [])).json).toEqual({ errors: [{ error: 'field_required', field: 'photo' }] });
    expect((await upload(tokens.access, [['picture', png]])).json).toEqual({
      errors: [{ error: 'unknown_field', field: 'picture' }],
    });
    expect(
      (
        await upload(tokens.access, [
          ['photo', png],
          ['photo', png],
        ])
      ).json,
    ).toEqual({ errors: [{ error: 'invalid_value', field: 'photo' }] });
    expect((await upload(tokens.access, [['photo', 'not a file']])).json).toEqual({
      errors: [{ error: 'invalid_media_type', field: 'photo' }],
    });
    const json = await server.call('POST', PHOTO, { token: tokens.access, body: { photo: 'x' } });
    expect([json.status, json.json]).toEqual([415, { errors: [{ error: 'unsupported_media_type' }] }]);
  });

  it('replaces the previous photo and deletes its images', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const first = (await uploadPhoto(tokens.access, await solidImage(50, 50, 'png'))).json.photo as string;
    const second = (await uploadPhoto(tokens.access, await solidImage(60, 60, 'png'))).json.photo as string;
    expect(second).not.toBe(first);
    expect(await storedImages()).toEqual([`100x/${second}`, `200x/${second}`, `400x/${second}`, second]);
    expect((await server.call('GET', `/cdn/100x/${first}`)).status).toBe(404);
  });

  it('is refused to a deactivated account and to a signed-out caller', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const answer = await uploadPhoto(tokens.access, await solidImage(10, 10, 'png'));
    expect([answer.status, answer.json]).toEqual([403, { errors: [{ error: 'account_inactive' }] }]);
    expect((await server.call('DELETE', PHOTO, { token: tokens.access })).status).toBe(403);
    expect((await server.call('DELETE', PHOTO)).status).toBe(401);
  });
});

describe('DELETE /user/photo/', () => {
  it('removes the photo from the profile and its images from the database', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const source = (await uploadPhoto(tokens.access, await solidImage(50, 50, 'png'))).json.photo as string;
    const answer = await server.call('DELETE', PHOTO, { token: tokens.access });
    expect(answer.status).toBe(204);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access })).json.profile.photo).toBeNull();
    expect(await storedImages()).toEqual([]);
    expect((await server.call('GET', `/cdn/100x/${source}`)).status).toBe(404);
    expect((await server.call('DELETE', PHOTO, { token: tokens.access })).status).toBe(204);
    // The upload and the removal are in the security log; removing nothing writes nothing.
    const events = await server.call('GET', `${V1}/user/security/events/`, { token: tokens.access });
    expect(events.json.results.map((event: { type: string; details: object }) => [event.type, event.details])).toEqual([
      ['photo_changed', { removed: true }],
      ['photo_changed', { removed: false }],
      ['registered', { contact_type: 'phone', with_email: false }],
    ]);
  });
});

describe('GET /cdn/{size}/{source}', () => {
  it.each([
    ['100x', 100, 50],
    ['200x', 200, 100],
    ['400x', 400, 200],
  ])('serves the %s image, height in proportion, as WebP cached for a year', async (size, width, height) => {
    const tokens = await server.registerByPhone('+998903330011');
    const source = (await uploadPhoto(tokens.access, await solidImage(800, 400, 'png'))).json.photo as string;
    const response = await server.app.request(`/cdn/${size}/${source}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await imageDimensions(new Uint8Array(await response.arrayBuffer()))).toEqual({
      width,
      height,
      format: 'webp',
    });
  });

  it('never enlarges a small photo', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const source = (await uploadPhoto(tokens.access, await solidImage(80, 60, 'png'))).json.photo as string;
    const response = await server.app.request(`/cdn/400x/${source}`);
    expect(await imageDimensions(new Uint8Array(await response.arrayBuffer()))).toEqual({
      width: 80,
      height: 60,
      format: 'webp',
    });
  });

  it('keeps no more than 1024 px of a large photo, and serves it without its metadata', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const source = (await uploadPhoto(tokens.access, await solidImage(3000, 1500, 'jpeg'))).json.photo as string;
    const kept = (
      await server.db
        .selectFrom('images')
        .select('data')
        .where('source', '=', source)
        .where('size', '=', 'original')
        .executeTakeFirstOrThrow()
    ).data;
    expect(await imageDimensions(kept)).toEqual({ width: 1024, height: 512, format: 'webp' });
  });

  it('answers 404 for an unknown size or source, and for anything that is not a generated name', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const source = (await uploadPhoto(tokens.access, await solidImage(50, 50, 'png'))).json.photo as string;
    const paths = [
      `/cdn/50x/${source}`,
      `/cdn/100X/${source}`,
      `/cdn/original/${source}`,
      // Another name of the same shape: its last letter changed (to one it is not).
      `/cdn/100x/${source.replace(/(.)\.webp$/, (_, last: string) => `${last === 'z' ? 'y' : 'z'}.webp`)}`,
      '/cdn/100x/avatars/unknown.webp',
      '/cdn/100x/..%2F..%2Fkirish.db',
      '/cdn/100x/avatars/..%2F..%2F..%2Fkirish.db',
      `/cdn/100x/${source.replace('avatars/', 'avatars%2F..%2Favatars%2F')}`,
      '/cdn/100x/%2Fetc%2Fpasswd',
      '/cdn/..%2Fkirish.db/x',
      `/cdn/100x/${source}/`,
      '/cdn/100x/',
    ];
    for (const path of paths) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });
});
