import { describe, expect, it } from 'vitest';
import { batchedWriter, createJsonLog } from './json-log.js';

describe('the JSON log', () => {
  it('writes one object a line: time, level and msg first, undefined fields left out, info to out and the rest to err', () => {
    const out: string[] = [];
    const err: string[] = [];
    const log = createJsonLog({ out: (line) => out.push(line), err: (line) => err.push(line), now: () => new Date(Date.UTC(2026, 10, 24, 16, 5, 9, 42)) });
    log.info('request', { request_id: 'abc', status: 200, skipped: undefined });
    log.warn('no SPA build', {});
    log.error('GET /x failed', new TypeError('boom\nsecond line'), { request_id: 'abc' });
    expect(out).toEqual(['{"time":"2026-11-24T16:05:09.042Z","level":"info","msg":"request","request_id":"abc","status":200}\n']);
    expect(err[0]).toBe('{"time":"2026-11-24T16:05:09.042Z","level":"warn","msg":"no SPA build"}\n');
    // A line break inside a message or a stack stays inside its JSON string: no forged lines.
    expect(err[1]?.split('\n')).toHaveLength(2);
    const error = JSON.parse(err[1] ?? '') as Record<string, unknown>;
    expect(error).toMatchObject({ level: 'error', msg: 'GET /x failed', request_id: 'abc' });
    expect(error.error).toMatch(/^TypeError: boom\nsecond line\n {4}at /);
  });

  it('never lets a field replace time, level or msg', () => {
    const out: string[] = [];
    createJsonLog({ out: (line) => out.push(line), err: () => {} }).info('real', { msg: 'forged', level: 'error', time: 'then' });
    expect(JSON.parse(out[0] ?? '')).toMatchObject({ msg: 'real', level: 'info' });
  });
});

describe('batchedWriter', () => {
  it('writes the lines of one turn of the event loop in one write, and at once when flushed', async () => {
    const writes: string[] = [];
    const out = batchedWriter((chunk) => writes.push(chunk));
    out.write('a\n');
    out.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    out.write('c\n');
    out.flush();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
  });
});
