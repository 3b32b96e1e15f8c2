/** The page's live log of what the widget says, and the signed-in name at the top. */

export function log(source: string, text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()}  [${source}] ${text}`;
  document.getElementById('log')?.prepend(item);
}

export function showSignedIn(name: string | null): void {
  const status = document.getElementById('signed-in');
  if (status) status.textContent = name ? `Signed in as ${name}` : 'Not signed in';
  const signOut = document.getElementById('sign-out');
  if (signOut) signOut.hidden = name === null;
}

/** The token response, as a line of the log: which tokens came, never their values. */
export function describeTokens(tokens: Record<string, unknown>): string {
  const names = ['access_token', 'refresh_token', 'id_token'].filter((name) => typeof tokens[name] === 'string');
  return `tokens: ${names.join(', ')}; scope "${String(tokens.scope ?? '')}"`;
}
