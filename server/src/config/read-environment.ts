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
