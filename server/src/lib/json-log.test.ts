import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedWriter, createJsonLog } from './json-log.js';

describe('the JSON log', () => {
  it('writes one object a line: time, level and msg first, undefined fields left out, info to out and the rest to err', () => {
    const out: string[] = [];
    const err: string[] = [];
    const log = createJsonLog({
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      now: () => new Date(Date.UTC(2026, 10, 24, 16, 5, 9, 42)),
    });
    log.info('request', { request_id: 'abc', status: 200, skipped: undefined });
    log.warn('no SPA build', {});
    log.error('GET /x failed', new TypeError('boom\nsecond line'), { request_id: 'abc' });
    expect(out).toEqual([
      '{"time":"2026-11-24T16:05:09.042Z","level":"info","msg":"request","request_id":"abc","status":200}\n',
    ]);
    expect(err[0]).toBe('{"time":"2026-11-24T16:05:09.042Z","level":"warn","msg":"no SPA build"}\n');
    // A line break inside a message or a stack stays inside its JSON string: no forged lines.
    expect(err[1]?.split('\n')).toHaveLength(2);
    const error = JSON.parse(err[1] ?? '') as Record<string, unknown>;
    expect(error).toMatchObject({ level: 'error', msg: 'GET /x failed', request_id: 'abc' });
    expect(error.error).toMatch(/^TypeError: boom\nsecond line\n {4}at /);
  });

  it('never lets a field replace time, level or msg', () => {
    const out: string[] = [];
    createJsonLog({ out: (line) => out.push(line), err: () => {} }).info('real', {
      msg: 'forged',
      level: 'error',
      time: 'then',
    });
    expect(JSON.parse(out[0] ?? '')).toMatchObject({ msg: 'real', level: 'info' });
  });
});

describe('batchedWriter', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the lines of the next 50 ms in one write, and at once when flushed', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const out = batchedWriter((chunk) => writes.push(chunk));
    out.write('a\n');
    vi.advanceTimersByTime(49);
    out.write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    out.write('c\n');
    out.flush();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(2);
  });

  it('writes at once when the waiting lines reach the size limit', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const out = batchedWriter((chunk) => writes.push(chunk), { maxBytes: 8 });
    out.write('1234\n');
    expect(writes).toEqual([]);
    out.write('5678\n');
    expect(writes).toEqual(['1234\n5678\n']);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(1);
  });
});
