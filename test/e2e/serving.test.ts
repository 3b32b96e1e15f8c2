/**
 * How the built site reaches a browser (issue 9, Serving): Chromium loads the login page from the
 * real server, and what it receives for the page and its JavaScript and CSS is compressed at build
 * time, cached for a year when the name is hashed, and revalidated by ETag when it is not.
 */
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPageFor } from '../support/browser.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();

/** The coding the server should pick for this Accept-Encoding: brotli when offered, else gzip. */
function expectedCoding(acceptEncoding: string): string {
  const offered = acceptEncoding.split(',').map((coding) => coding.trim().split(';')[0]);
  return offered.includes('br') ? 'br' : 'gzip';
}

describe('the login page as Chromium receives it', () => {
  it('gets its scripts and styles precompressed, cacheable for a year, and the page revalidated by ETag', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const assets: Response[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(`${kirish.server.origin}/assets/`))
        assets.push(response);
    });
    const document = await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    if (!document) throw new Error('no response for the login page');

    const sent = await document.request().allHeaders();
    const acceptEncoding = sent['accept-encoding'] ?? '';
    expect(acceptEncoding).toMatch(/gzip/);
    const coding = expectedCoding(acceptEncoding);

    expect(assets.map((response) => response.url()).some((url) => url.endsWith('.js'))).toBe(true);
    expect(assets.map((response) => response.url()).some((url) => url.endsWith('.css'))).toBe(true);
    for (const response of assets) {
      const headers = await response.allHeaders();
      const name = new URL(response.url()).pathname;
      expect(response.status(), name).toBe(200);
      expect(headers['content-encoding'], name).toBe(coding);
      expect(headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, name).toMatch(/accept-encoding/i);
    }

    const pageHeaders = await document.allHeaders();
    expect(pageHeaders['content-encoding']).toBe(coding);
    expect(pageHeaders['cache-control']).toBe('no-cache');
    expect(pageHeaders.vary).toMatch(/accept-encoding/i);
    const etag = pageHeaders.etag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);

    // The same request again, as the browser would send it on its next visit, with the tag it holds.
    const again = await fetch(`${kirish.server.origin}/login`, {
      headers: {
        'accept-encoding': acceptEncoding,
        'accept-language': sent['accept-language'] ?? '',
        'if-none-match': etag,
      },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    await context.close();
    expect(errors).toEqual([]);
  });

  it('revalidates the widget loader by ETag too', async () => {
    const loader = await fetch(`${kirish.server.origin}/widget/widget.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${kirish.server.origin}/widget/widget.js`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': loader.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
});
