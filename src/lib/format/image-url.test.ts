import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

const CDN = 'https://cdn.kirish.uz';

describe('imageUrl', () => {
  it('builds {cdn}/{size}/{source}', () => {
    expect(imageUrl('avatars/42.jpg', CDN, '300x')).toBe('https://cdn.kirish.uz/300x/avatars/42.jpg');
  });

  it('uses the 100x size by default', () => {
    expect(imageUrl('avatars/42.jpg', CDN)).toBe('https://cdn.kirish.uz/100x/avatars/42.jpg');
  });

  it('uses the 100x size when the size is empty', () => {
    expect(imageUrl('avatars/42.jpg', CDN, '')).toBe('https://cdn.kirish.uz/100x/avatars/42.jpg');
  });

  it('joins with a single slash when the cdn ends with one and the source starts with one', () => {
    expect(imageUrl('/avatars/42.jpg', `${CDN}/`)).toBe('https://cdn.kirish.uz/100x/avatars/42.jpg');
  });

  it('drops repeated slashes at the join', () => {
    expect(imageUrl('//avatars/42.jpg', `${CDN}//`)).toBe('https://cdn.kirish.uz/100x/avatars/42.jpg');
  });

  it.each(['https://example.com/a.png', 'http://example.com/a.png', 'HTTPS://example.com/a.png'])(
    'returns a source starting with http unchanged: %s',
    (source) => {
      expect(imageUrl(source, CDN, '300x')).toBe(source);
    },
  );

  it('returns an empty string for an empty source', () => {
    expect(imageUrl('', CDN)).toBe('');
  });

  it('returns an empty string for a blank source', () => {
    expect(imageUrl('   ', CDN)).toBe('');
  });

  it('works with a cdn given as a path', () => {
    expect(imageUrl('a.png', '/img/')).toBe('/img/100x/a.png');
  });
});
