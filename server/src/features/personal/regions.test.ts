import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../contract/regions.js';
import { LOCALES } from '../../lib/locales.js';
import { useTestServer } from '../../test-support/test-server.js';

const REGIONS = '/common/api/v1/regions/';

const server = useTestServer();

describe('GET /common/api/v1/regions/', () => {
  it('lists the 12 regions, Tashkent city and Karakalpakstan, without signing in', async () => {
    const answer = await server.call('GET', REGIONS);
    expect(answer.status).toBe(200);
    const regions = answer.json as Region[];
    expect(regions).toHaveLength(14);
    expect(regions.map((region) => region.id).toSorted()).toEqual([
      'andijan',
      'bukhara',
      'fergana',
      'jizzakh',
      'karakalpakstan',
      'kashkadarya',
      'khorezm',
      'namangan',
      'navoi',
      'samarkand',
      'surkhandarya',
      'syrdarya',
      'tashkent',
      'tashkent-city',
    ]);
    expect(regions.filter((region) => region.name.uz.endsWith(' viloyati'))).toHaveLength(12);
  });

  it('gives Tashkent city its 12 districts', async () => {
    const regions = (await server.call('GET', REGIONS)).json as Region[];
    const city = regions.find((region) => region.id === 'tashkent-city');
    expect(city?.name).toEqual({
      uz: 'Toshkent shahri',
      uzc: 'Тошкент шаҳри',
      kaa: 'Tashkent qalası',
      ru: 'город Ташкент',
      en: 'Tashkent city',
    });
    expect(city?.districts.map((district) => district.name.uz).toSorted()).toEqual(
      [
        'Bektemir',
        'Chilonzor',
        'Mirobod',
        'Mirzo Ulug‘bek',
        'Olmazor',
        'Sergeli',
        'Shayxontohur',
        'Uchtepa',
        'Yakkasaroy',
        'Yangihayot',
        'Yashnobod',
        'Yunusobod',
      ]
        .map((name) => `${name} tumani`)
        .toSorted(),
    );
    expect(city?.districts.find((district) => district.id === 'yunusabad')?.name.ru).toBe('Юнусабадский район');
  });

  it('names every region and district in all five locales, with unique ids', async () => {
    const regions = (await server.call('GET', REGIONS)).json as Region[];
    const ids = new Set<string>();
    for (const region of regions) {
      expect(region.districts.length, region.id).toBeGreaterThanOrEqual(8);
      for (const place of [region, ...region.districts]) {
        expect(Object.keys(place.name).toSorted(), place.id).toEqual([...LOCALES].toSorted());
        for (const locale of LOCALES) expect(place.name[locale].trim(), `${place.id} ${locale}`).not.toBe('');
        expect(place.id, place.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(ids.has(place.id), place.id).toBe(false);
        ids.add(place.id);
      }
    }
  });

  it('writes Uzbek o‘ and g‘ with U+2018 and Cyrillic names in Cyrillic', async () => {
    const regions = (await server.call('GET', REGIONS)).json as Region[];
    for (const place of regions.flatMap((region) => [region, ...region.districts])) {
      expect(place.name.uz, place.id).not.toMatch(/[oOgG][`'ʻ’]/);
      expect(place.name.uzc, place.id).toMatch(/^[\u0400-\u04ff ъ-]+$/);
      expect(place.name.ru, place.id).toMatch(/^[\u0400-\u04ff -]+$/);
    }
    expect(regions.find((region) => region.id === 'fergana')?.name.uz).toBe('Farg\u2018ona viloyati');
  });

  it('may be cached by browsers, and revalidated by its ETag', async () => {
    const answer = await server.call('GET', REGIONS);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    const tag = answer.headers.get('etag') ?? '';
    expect(tag).not.toBe('');
    expect((await server.call('GET', REGIONS, { headers: { 'if-none-match': tag } })).status).toBe(304);
  });

  it('sends the list brotli-compressed, with an ETag that a second request may present for a 304', async () => {
    const plain = (await server.call('GET', REGIONS)).json as Region[];
    const response = await server.app.request(REGIONS, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(plain);
    const again = await server.app.request(REGIONS, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
