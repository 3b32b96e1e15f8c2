/** Whether an attachment is shown as a picture, a video player or a plain link. */

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv']);

/**
 * The media-type rule of docs/product.md §5, by extension: images jpg jpeg png gif bmp svg webp, videos mp4 avi mov
 * wmv flv mkv, anything else unknown. Case-insensitive; a query string or fragment is ignored ("a.JPG?x=1" is an
 * image), and so is a URL's host ("https://cdn.png" has no extension). A name with no extension, or only a
 * leading dot (".png"), is unknown.
 */
export function mediaType(nameOrUrl: string): 'image' | 'video' | 'unknown' {
  const path = nameOrUrl
    .trim()
    .replace(/[?#].*$/s, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'unknown';
  const extension = name.slice(dot + 1).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  return 'unknown';
}
