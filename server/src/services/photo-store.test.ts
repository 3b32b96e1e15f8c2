import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/test-server.js';
import { importPhotoFiles } from './photo-store.js';

const server = useTestServer();

/** Names of the shape the store generates. */
const FIRST = 'avatars/0b5e2f0c-3f7a-4c1e-9d2b-6a8e4f1c2d3e-AbCdEfGhIjKlMnOp.webp';
const SECOND = 'avatars/1c6f3a1d-4a8b-4d2f-8e3c-7b9f5a2d3e4f-QrStUvWxYz012345.webp';

describe('images an earlier release kept as files', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'kirish-uploads-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** Writes the files of `source` as the file store laid them out: the original, then each size under its folder. */
  function keep(source: string, sizes: Record<string, number>) {
    for (const [size, byte] of Object.entries(sizes)) {
      const path = size === 'original' ? join(folder, source) : join(folder, size, source);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, Uint8Array.of(byte, byte));
    }
  }

  it('are copied into the database at start, every size, and served from there', async () => {
    keep(FIRST, { original: 1, '100x': 2, '200x': 3, '400x': 4 });
    keep(SECOND, { original: 5, '100x': 6 });
    // Not a name the store generates: never read.
    writeFileSync(join(folder, 'avatars', 'notes.txt'), 'x');

    expect(await importPhotoFiles(server.storage, server.clock, folder)).toBe(2);
    expect(await server.storage.images.read(FIRST, 'original')).toEqual(Buffer.of(1, 1));
    expect(await server.storage.images.read(FIRST, '400x')).toEqual(Buffer.of(4, 4));
    expect(await server.storage.images.read(SECOND, '200x')).toBeNull();
    const served = await server.app.request(`/cdn/100x/${SECOND}`);
    expect([served.status, new Uint8Array(await served.arrayBuffer())]).toEqual([200, Uint8Array.of(6, 6)]);
    expect((await server.db.selectFrom('images').select('source').execute()).length).toBe(6);
  });

  it('are copied once: the next start copies only what was written since, and keeps what is stored', async () => {
    keep(FIRST, { original: 1, '100x': 2 });
    expect(await importPhotoFiles(server.storage, server.clock, folder)).toBe(1);
    keep(FIRST, { original: 9, '100x': 9 });
    keep(SECOND, { original: 5, '100x': 6 });
    expect(await importPhotoFiles(server.storage, server.clock, folder)).toBe(1);
    expect(await server.storage.images.read(FIRST, '100x')).toEqual(Buffer.of(2, 2));
    expect(await server.storage.images.read(SECOND, '100x')).toEqual(Buffer.of(6, 6));
  });

  it('are none when the folder does not exist', async () => {
    expect(await importPhotoFiles(server.storage, server.clock, join(folder, 'missing'))).toBe(0);
  });
});
