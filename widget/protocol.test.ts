import { describe, expect, it } from 'vitest';
import { readMessage } from './protocol';

describe('readMessage', () => {
  it('accepts each message of protocol version 1', () => {
    expect(readMessage({ source: 'kirish', v: 1, type: 'ready' })).toEqual({ source: 'kirish', v: 1, type: 'ready' });
    expect(readMessage({ source: 'kirish', v: 1, type: 'resize', height: 420 })?.type).toBe('resize');
    expect(readMessage({ source: 'kirish', v: 1, type: 'authorization', code: 'c', state: 's' })?.type).toBe(
      'authorization',
    );
    expect(readMessage({ source: 'kirish', v: 1, type: 'error', error: 'access_denied' })?.type).toBe('error');
    expect(readMessage({ type: 'iframeUrlChange', url: 'http://localhost:8080/login' })?.type).toBe('iframeUrlChange');
    expect(readMessage({ source: 'kirish', v: 1, type: 'compact' })?.type).toBe('compact');
    expect(readMessage({ source: 'kirish', v: 1, type: 'restart' })?.type).toBe('restart');
  });

  it('is not the reader of the page’s own signedin message, which only the frame reads', () => {
    expect(readMessage({ source: 'kirish', v: 1, type: 'signedin', access_token: 'a' })).toBeNull();
  });

  it('rejects other sources, other versions, unknown types and malformed fields', () => {
    for (const data of [
      null,
      'ready',
      { source: 'other', v: 1, type: 'ready' },
      { source: 'kirish', v: 2, type: 'ready' },
      { source: 'kirish', v: 1, type: 'token', access: 'x' },
      { source: 'kirish', v: 1, type: 1 },
      { source: 'kirish', v: 1, type: ['ready'] },
      { source: 'kirish', v: 1, type: 'resize', height: '420' },
      { source: 'kirish', v: 1, type: 'authorization', code: 'c' },
      { type: 'iframeUrlChange' },
    ]) {
      expect(readMessage(data)).toBeNull();
    }
  });
});
