import { describe, expect, it } from 'vitest';
import { documentProblem, fileSize } from './document-file';

const MB = 1024 * 1024;

describe('a document checked in the browser as the server checks it', () => {
  it('takes pictures and PDFs up to the size, and refuses other types and larger files with the server’s keys', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'])
      expect(documentProblem({ type, size: 5 * MB }, 5 * MB)).toBeNull();
    expect(documentProblem({ type: 'text/plain', size: 10 }, 5 * MB)).toBe('invalid_attachment_type');
    expect(documentProblem({ type: 'application/pdf', size: 5 * MB + 1 }, 5 * MB)).toBe('file_too_large');
  });

  it('says a size in KB or MB', () => {
    expect([fileSize(300), fileSize(830 * 1024), fileSize(2.44 * MB)]).toEqual(['1 KB', '830 KB', '2.4 MB']);
  });
});
