import { describe, expect, it } from 'vitest';
import { mediaType } from './media-type';

describe('mediaType', () => {
  it.each(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'])('calls a .%s file an image', (ext) => {
    expect(mediaType(`photo.${ext}`)).toBe('image');
  });

  it.each(['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv'])('calls a .%s file a video', (ext) => {
    expect(mediaType(`clip.${ext}`)).toBe('video');
  });

  it.each([
    ['a.JPG?x=1', 'image'],
    ['A.Mp4', 'video'],
    ['https://cdn.kirish.uz/100x/avatars/42.webp', 'image'],
    ['https://cdn.kirish.uz/v/intro.mkv?token=abc#t=10', 'video'],
    ['/uploads/my.holiday.photo.jpeg', 'image'],
    ['photo.png#frag', 'image'],
    ['  spaced.gif  ', 'image'],
  ])('reads %j as %s', (input, expected) => {
    expect(mediaType(input)).toBe(expected);
  });

  it.each([
    ['an unlisted extension', 'document.pdf'],
    ['no extension', 'README'],
    ['an empty string', ''],
    ['a trailing dot', 'photo.'],
    ['only a leading dot', '.png'],
    ['an extension only in the query', 'download?file=a.jpg'],
    ['an extension only in the fragment', 'page#a.mp4'],
    ['an extension only in a directory name', 'photos.jpg/readme'],
    ['a host that looks like an extension', 'https://cdn.png'],
    ['a host with a path without an extension', 'https://cdn.png/file'],
    ['a near miss', 'photo.jpgx'],
    ['a double extension ending in an unlisted one', 'photo.jpg.exe'],
  ])('calls %s unknown', (_label, input) => {
    expect(mediaType(input)).toBe('unknown');
  });
});
