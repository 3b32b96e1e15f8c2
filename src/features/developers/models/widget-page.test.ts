/**
 * The page an app's page offers to copy is docs/partners.md's quick-start page, with the app's client
 * id and Kirish's origin where the guide has its examples: what the guide explains is what a partner
 * copies (test/e2e/partners-quick-start.test.ts then signs a visitor in on the copied page).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ssoOrigin, widgetPackageUrl, widgetPage } from './widget-page';

// happy-dom gives modules an http: import.meta.url; the directory is still known to Node.
const GUIDE = readFileSync(join(import.meta.dirname, '../../../../docs/partners.md'), 'utf8');

/** The first ```html block of the guide's quick start. */
function guidePage(): string {
  const block = /```html\n([\s\S]*?)```/.exec(GUIDE.slice(GUIDE.indexOf('## Quick start')));
  return block?.[1] ?? '';
}

describe('the widget page to copy', () => {
  it('is the guide’s quick-start page with the client id and the SSO origin filled in', () => {
    const page = widgetPage('https://id.example.uz', 'app_7Hq2xYz');

    expect(page).toBe(
      guidePage().replaceAll('http://localhost:8080', 'https://id.example.uz').replace('YOUR_CLIENT_ID', 'app_7Hq2xYz'),
    );
  });

  it('is a whole page for a phone: doctype, viewport, the script tag and a kirish:token listener posting to the partner’s server', () => {
    const page = widgetPage('https://id.example.uz', 'app_7Hq2xYz');

    expect(page.startsWith('<!doctype html>\n')).toBe(true);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    expect(page).toContain(
      '<script src="https://id.example.uz/widget/widget.js" data-client-id="app_7Hq2xYz" async></script>',
    );
    expect(page).toContain("login.addEventListener('kirish:token'");
    expect(page).toContain("fetch('/kirish/session', { method: 'POST'");
  });

  it('escapes a client id into its attribute', () => {
    expect(widgetPage('https://id.example.uz', 'a"b<c')).toContain('data-client-id="a&#34;b&#60;c"');
  });

  it('names the SSO origin from an absolute API URL or from this site for a path, and the package’s versioned URL', () => {
    expect(ssoOrigin('https://id.example.uz/sso/api/v1', 'https://account.example.uz/developers')).toBe(
      'https://id.example.uz',
    );
    expect(ssoOrigin('/sso/api/v1', 'http://localhost:8080/developers/app_1')).toBe('http://localhost:8080');
    expect(widgetPackageUrl('https://id.example.uz', '0.1.0')).toBe(
      'https://id.example.uz/widget/kirish-widget-0.1.0.tgz',
    );
  });
});
