import { describe, expect, it } from 'vitest';
import { forwardTarget } from './forward-target.js';

const CALLBACK = 'https://mahalla.example.uz/oneid/callback';

describe('forwardTarget', () => {
  it('appends the query string exactly as it came, encoding and order kept', () => {
    const search = '?code=a%2Bb%20c&state=x%3Dy&state=2&empty=&flag';
    expect(forwardTarget(CALLBACK, search)).toBe(`${CALLBACK}${search}`);
  });

  it('joins the configured URL’s own query with `&`, keeping it', () => {
    expect(forwardTarget(`${CALLBACK}?system=kirish`, '?code=1&state=2')).toBe(
      `${CALLBACK}?system=kirish&code=1&state=2`,
    );
    expect(forwardTarget(`${CALLBACK}?system=kirish&`, '?code=1')).toBe(`${CALLBACK}?system=kirish&code=1`);
    expect(forwardTarget(`${CALLBACK}?`, '?code=1')).toBe(`${CALLBACK}?code=1`);
  });

  it('sends to the configured URL unchanged when the page has no query', () => {
    expect(forwardTarget(`${CALLBACK}?system=kirish`, '')).toBe(`${CALLBACK}?system=kirish`);
    expect(forwardTarget(CALLBACK, '?')).toBe(CALLBACK);
  });

  it('never takes a target from the query: a URL in it is only a parameter of the configured one', () => {
    const search = '?redirect_uri=https%3A%2F%2Fevil.example%2F&url=https://evil.example/&next=//evil.example';
    const target = forwardTarget(CALLBACK, search);
    expect(new URL(target).origin).toBe('https://mahalla.example.uz');
    expect(target).toBe(`${CALLBACK}${search}`);
  });

  it('goes home when none is configured, or what came is not an absolute http(s) URL without a fragment', () => {
    for (const configured of [null, '', '/elsewhere', '//evil.example/cb', 'javascript:alert(1)', `${CALLBACK}#top`])
      expect(forwardTarget(configured, '?code=1&url=https://evil.example/')).toBe('/');
  });
});
