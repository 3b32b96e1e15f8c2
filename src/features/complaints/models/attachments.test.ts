import { describe, expect, it } from 'vitest';
import { addAttachments, attachmentProblem } from './attachments';

const MB = 1024 * 1024;
const file = (type: string, size = 1000, name = 'f') => ({ type, size, name });

describe('a complaint’s attachments, checked in the browser as the server checks them', () => {
  it('takes pictures and PDFs up to 5 MB, and refuses other types and larger files with the server’s keys', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'])
      expect(attachmentProblem(file(type, 5 * MB))).toBeNull();
    expect(attachmentProblem(file('image/svg+xml'))).toBe('invalid_attachment_type');
    expect(attachmentProblem(file('text/html'))).toBe('invalid_attachment_type');
    expect(attachmentProblem(file(''))).toBe('invalid_attachment_type');
    expect(attachmentProblem(file('image/png', 5 * MB + 1))).toBe('file_too_large');
  });

  it('keeps at most three, drops the refused ones and says the first refusal', () => {
    const first = addAttachments(
      [],
      [file('image/png', 1, 'a'), file('text/plain', 1, 'b'), file('image/png', 1, 'c')],
    );
    expect([first.files.map((f) => f.name), first.problem]).toEqual([['a', 'c'], 'invalid_attachment_type']);
    const more = addAttachments(first.files, [file('application/pdf', 1, 'd'), file('image/gif', 1, 'e')]);
    expect([more.files.map((f) => f.name), more.problem]).toEqual([['a', 'c', 'd'], 'too_many_attachments']);
    expect(addAttachments([], [file('image/jpeg')]).problem).toBeNull();
  });
});
