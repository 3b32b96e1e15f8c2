/**
 * Reading a Content-Security-Policy header in tests: one directive of it, as sent (name and sources),
 * so a test of framing asserts `frame-ancestors` whatever else the policy says.
 */
export function cspDirective(headers: Headers, name: string): string | undefined {
  return headers
    .get('content-security-policy')
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive === name || directive.startsWith(`${name} `));
}
