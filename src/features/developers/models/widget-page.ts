/**
 * The page an app's page in Developers offers to copy (issue 34): a whole working page with the
 * widget, the app's client id and Kirish's origin filled in. It is docs/partners.md's quick-start page
 * with the guide's example addresses replaced (widget-page.test.ts holds the two together): the
 * script tag, and a `kirish:token` listener that sends the ID token to the partner's own server and
 * shows who signed in.
 */

/** The client id as an HTML attribute value (ids are `app_…`, but nothing here relies on it). */
const attribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The SSO server's origin: the API's, or this site's when the API is a path. */
export function ssoOrigin(ssoApi: string, here: string): string {
  return new URL(ssoApi, here).origin;
}

/** `index.html` for a partner: the loader from `origin` (docs/partners.md, Quick start). */
export function widgetPage(origin: string, clientId: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    '    <title>My Shop</title>',
    '  </head>',
    '  <body>',
    '    <p id="who">Not signed in</p>',
    `    <div id="login"><script src="${origin}/widget/widget.js" data-client-id="${attribute(clientId)}" async></script></div>`,
    '    <script>',
    `      const KIRISH = '${origin}';`,
    "      const login = document.getElementById('login');",
    "      login.addEventListener('kirish:token', async (event) => {",
    '        // The widget has exchanged the sign-in code for tokens, with its own PKCE verifier.',
    '        const tokens = event.detail; // access_token, id_token, refresh_token, expires_in, scope',
    '        // Your server checks the ID token and starts its session (the guide: Verifying the ID token).',
    "        fetch('/kirish/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id_token: tokens.id_token }) });",
    '        const answer = await fetch(`${KIRISH}/sso/api/v1/oauth/userinfo/`, {',
    '          headers: { Authorization: `Bearer ${tokens.access_token}` },',
    '        });',
    '        const user = await answer.json(); // { sub, name, given_name, family_name }',
    "        document.getElementById('who').textContent = `Signed in as ${user.name}`;",
    '      });',
    "      login.addEventListener('kirish:error', (event) => console.warn('Kirish:', event.detail));",
    '    </script>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** The React component's package as the SSO serves it (`npm run build:widget`, docs/partners.md): `npm install` takes this URL. */
export function widgetPackageUrl(origin: string, version: string): string {
  return `${origin}/widget/kirish-widget-${version}.tgz`;
}
