/** The images the server's pipeline takes (a profile photo, an app's logo), checked before an upload as the server checks them. */
import { mediaType } from './format/media-type';

/** docs/api.md, Personal data: the photo upload's limit, which the logo upload shares. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The error key refusing the file, or null when the server would take it. */
export function imageFileProblem(file: File): 'invalid_media_type' | 'file_too_large' | null {
  if (!IMAGE_TYPES.includes(file.type) || mediaType(file.name) !== 'image') return 'invalid_media_type';
  return file.size > IMAGE_MAX_BYTES ? 'file_too_large' : null;
}
