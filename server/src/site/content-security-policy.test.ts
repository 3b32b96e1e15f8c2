import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OWN_ORIGIN_ONLY, pagePolicy, parsePageSources, readPageSources } from './content-security-policy.js';

const dir = mkdtempSync(join(tmpdir(), 'kirish-csp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HASH = "'sha256-N8Ty8tdXaaD4NsHsyqXPPBaQ38cBCoHEvOSStsx0a78='";

describe('the sources the build adds to the pages’ policy', () => {
  it('reads the hosts and hashes the build wrote', () => {
    const written = {
      'connect-src': ['https://o42.ingest.sentry.io'],
      'img-src': ['https://cdn.kirish.uz'],
      'script-src': [HASH],
      'style-src': [],
    };
    writeFileSync(join(dir, 'csp-sources.json'), JSON.stringify(written));
    expect(readPageSources(dir)).toEqual(written);
  });

  it('is absent for a build without the file, which the entry file reports', () => {
    expect(readPageSources(join(dir, 'nowhere'))).toBeNull();
  });

  it.each([
    ['a keyword among the hashes', { 'script-src': ["'unsafe-inline'"] }],
    ['a host among the hashes', { 'script-src': ['https://evil.example'] }],
    ['a wildcard host', { 'connect-src': ['*'] }],
    ['a scheme for a host', { 'img-src': ['https:'] }],
    ['a second directive hidden in a host', { 'connect-src': ["https://a.uz; script-src 'unsafe-inline'"] }],
    ['a host with a path', { 'img-src': ['https://cdn.kirish.uz/images'] }],
    ['a directive it does not add to', { 'default-src': ['https://a.uz'] }],
    ['a string for a list', { 'img-src': 'https://cdn.kirish.uz' }],
  ])('refuses %s, so nothing in the file can loosen the policy', (_, json) => {
    expect(() => parsePageSources(json)).toThrow(/must be|names no directive/);
  });

  it('stops the start on a file that is not JSON, naming the file', () => {
    writeFileSync(join(dir, 'csp-sources.json'), '{"connect-src": [');
    expect(() => readPageSources(dir)).toThrow(join(dir, 'csp-sources.json'));
  });
});

describe('pagePolicy', () => {
  it('frames nothing by default, and lists the origins it is given otherwise', () => {
    expect(pagePolicy({ sources: OWN_ORIGIN_ONLY, frameAncestors: [], reportTo: false })).toContain(
      "frame-ancestors 'none';",
    );
    expect(
      pagePolicy({ sources: OWN_ORIGIN_ONLY, frameAncestors: ['https://shop.example.uz'], reportTo: false }),
    ).toContain('frame-ancestors https://shop.example.uz;');
  });
});
