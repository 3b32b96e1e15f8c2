/**
 * A markdown file of the repository imported by the site (docs/partners.md for /developers/guide):
 * vite.config.ts turns it into its HTML at build time (server/scripts/markdown.mjs).
 */
declare module '*.md' {
  const html: string;
  export default html;
}
