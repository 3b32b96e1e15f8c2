import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.js';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part)));

describe('imageTypeOf', () => {
  it('knows JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(imageTypeOf(bytes('GIF87a'))).toBe('gif');
    expect(imageTypeOf(bytes('GIF89a'))).toBe('gif');
    expect(imageTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('knows nothing else, whatever it resembles', () => {
    for (const sample of [
      bytes(),
      bytes([0xff, 0xd8]),
      bytes([0x89], 'PNG', [0x0d, 0x0a]),
      bytes('GIF90a'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<?xml version="1.0"?><svg/>'),
      bytes('BM'),
      bytes([0, 0, 0, 0x18], 'ftypavif'),
      bytes(' ', [0xff, 0xd8, 0xff]),
    ]) {
      expect(imageTypeOf(sample), String([...sample])).toBeNull();
    }
  });
});
