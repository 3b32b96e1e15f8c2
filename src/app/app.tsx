/**
 * The account site's shell. The screens, routes, i18n and the HTTP client arrive with the account-site
 * issue; until then the build proves the toolchain and the server serves this page.
 */
export function App() {
  return (
    <main style={{ font: '16px/1.5 system-ui, sans-serif', maxWidth: '32rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Kirish</h1>
      <p lang="uz">Yagona akkaunt — O‘zbekiston veb-saytlari uchun.</p>
      <p lang="en">The account site is being built. The SSO API is live under /sso/api/v1.</p>
    </main>
  );
}
