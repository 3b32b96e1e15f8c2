/**
 * GET /oauth/userinfo/ (OpenID Connect Core §5.3) with the access token the partner's page got:
 * whom the widget's chip names after a sign-in the frame did not see (docs/fedcm.md, The widget
 * side). Plain `fetch`, not the site's http wrapper: the token is the partner's, not this frame's
 * session, so a refusal must not start the wrapper's refresh of the frame's own session.
 */

/** The claims the chip shows (the `profile` scope's); absent without that scope. */
export interface ChipClaims {
  given_name?: string;
  family_name?: string;
  name?: string;
}

export async function userInfo(ssoApi: string, accessToken: string): Promise<ChipClaims> {
  const answer = await fetch(`${ssoApi}/oauth/userinfo/`, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!answer.ok) throw new Error(`userinfo answered ${answer.status}`);
  return (await answer.json()) as ChipClaims;
}
