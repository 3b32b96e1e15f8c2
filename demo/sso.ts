/** The Kirish origin of this run (written into the page by the demo server) and its userinfo call. */

export const SSO_ORIGIN = document.querySelector<HTMLMetaElement>('meta[name="kirish-sso"]')?.content ?? '';
export const CLIENT_ID = 'kirish-demo';

export interface UserInfo {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
}

/** GET the OpenID userinfo with an access token (OIDC Core §5.3). */
export async function fetchUserInfo(accessToken: string): Promise<UserInfo> {
  const response = await fetch(`${SSO_ORIGIN}/sso/api/v1/oauth/userinfo/`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  return (await response.json()) as UserInfo;
}

export function displayName(info: UserInfo): string {
  return info.name ?? ([info.given_name, info.family_name].filter(Boolean).join(' ') || info.sub);
}
