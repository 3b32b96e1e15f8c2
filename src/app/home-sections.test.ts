import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute as matchPattern } from 'wouter';
import { SECTIONS } from '../features/home/models/sections';
import { matchRoute } from './routes';
import { hasScreen } from './screens';

const routeAt = (path: string) =>
  matchRoute(path, (pattern, candidate) => {
    const [matched, values] = matchPattern(parse, pattern, candidate);
    return matched ? (values as Record<string, string>) : null;
  }).route;

describe('Home (issue 12: no "coming soon" cards)', () => {
  it('lists only sections whose screen exists', () => {
    expect(SECTIONS.length).toBeGreaterThan(0);
    for (const section of SECTIONS) {
      const route = routeAt(section.href);
      expect(route.name, section.href).not.toBe('NotFound');
      expect(hasScreen(route.name), `${section.href} (${route.name}) is not built`).toBe(true);
    }
  });

  it('knows a route without a screen when it sees one', () => {
    expect(hasScreen(routeAt('/help-center').name)).toBe(false);
    expect(hasScreen(routeAt('/security').name)).toBe(true);
  });
});
