import type { PhotoUploaded } from '../../../../server/src/contract/profile.js';
import type { Http } from '../../../lib/http';

/** POST /user/photo/ (multipart, field "photo") → the new image source; DELETE removes it. */
export async function uploadPhoto(http: Http, ssoApi: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('photo', file);
  return (await http.post<PhotoUploaded>(`${ssoApi}/user/photo/`, body)).photo;
}

export function removePhoto(http: Http, ssoApi: string): Promise<unknown> {
  return http.delete(`${ssoApi}/user/photo/`);
}
