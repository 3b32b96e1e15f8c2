/**
 * Structured logs: one JSON object per line (issue 13), which log shippers read without a parser of
 * their own. What goes into a line is decided by its caller; this file only guarantees the shape:
 * `time` (ISO 8601, UTC), `level`, `msg`, then the fields. Never pass a token, code, password, card
 * number or contact here: docs/deploy.md, Logs.
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface JsonLog {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  /** An error's name, message and stack go into `error`. */
  error(msg: string, error?: unknown, fields?: LogFields): void;
}

export interface JsonLogOutputs {
  /** Info lines (the requests): standard output. */
  out: (line: string) => void;
  /** Warnings and errors: standard error. */
  err: (line: string) => void;
  now?: () => Date;
}

function describeError(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** One line, newline included; undefined fields are left out. */
export function formatLogLine(time: Date, level: LogLevel, msg: string, fields: LogFields = {}): string {
  const line: Record<string, unknown> = { time: time.toISOString(), level, msg };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && !(name in line)) line[name] = value;
  return `${JSON.stringify(line)}\n`;
}

export function createJsonLog({ out, err, now = () => new Date() }: JsonLogOutputs): JsonLog {
  return {
    info: (msg, fields) => out(formatLogLine(now(), 'info', msg, fields)),
    warn: (msg, fields) => err(formatLogLine(now(), 'warn', msg, fields)),
    error: (msg, error, fields) => err(formatLogLine(now(), 'error', msg, { ...fields, error: describeError(error) })),
  };
}

/**
 * Lines leave together, at most `delayMs` after the first of them was written, or at once when
 * `maxBytes` are waiting: at thousands of requests a second a write for each line — and a wake-up of
 * whatever reads them — costs the server a noticeable share of its time (docs/benchmarks.md).
 * `flush` writes what is waiting at once: on exit, so that the last lines are not lost.
 */
export function batchedWriter(
  write: (chunk: string) => void,
  { delayMs = 50, maxBytes = 64 * 1024 }: { delayMs?: number; maxBytes?: number } = {},
): { write: (line: string) => void; flush: () => void } {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    write(chunk);
  };
  return {
    write(line) {
      pending += line;
      if (pending.length >= maxBytes) flush();
      // Unreferenced: waiting lines never keep the process alive; the exit path flushes them.
      else timer ??= setTimeout(flush, delayMs).unref();
    },
    flush,
  };
}
