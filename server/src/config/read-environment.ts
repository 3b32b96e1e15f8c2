/**
 * What every reader of a configuration variable shares (config/config.ts): the error that stops the
 * start, and its message naming the variable and what it expected.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function fail(variable: string, expected: string, got: string): never {
  throw new ConfigError(`${variable} must be ${expected} (got ${JSON.stringify(got)})`);
}

export function readPort(env: Env, variable: string, fallback: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) fail(variable, 'a whole number from 1 to 65535', raw);
  return port;
}

/** What a variable holds, trimmed; unset and empty are alike. */
export function readTrimmed(env: Env, name: string): string | undefined {
  const value = (env[name] ?? '').trim();
  return value === '' ? undefined : value;
}

/**
 * An outside service's base-URL override (a provider's, a gateway's): an absolute URL with no query, fragment
 * or user-info (https in production), kept without its trailing slash; undefined when unset.
 */
export function readBaseUrl(env: Env, name: string, production: boolean): string | undefined {
  const raw = readTrimmed(env, name);
  if (raw === undefined) return undefined;
  const expected = production
    ? 'an https:// URL with no query or fragment in production'
    : 'an http(s) URL with no query or fragment';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(name, expected, raw);
  }
  const schemeAllowed = url.protocol === 'https:' || (!production && url.protocol === 'http:');
  if (!schemeAllowed || url.search || url.hash || url.username || url.password) fail(name, expected, raw);
  return url.href.replace(/\/+$/, '');
}

/**
 * A stand-in's port outside production (null in production, where no stand-in runs): not one of `taken`, the
 * ports named before it (`takenNames` says which, for the message).
 */
export function readStandinPort(
  env: Env,
  production: boolean,
  variable: string,
  fallback: number,
  taken: { ports: number[]; names: string },
): number | null {
  if (production) return null;
  const port = readPort(env, variable, fallback);
  if (taken.ports.includes(port)) fail(variable, `a port other than ${taken.names}`, String(port));
  return port;
}
