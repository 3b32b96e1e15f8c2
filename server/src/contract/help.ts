/**
 * The help centre's articles (issue 38, docs/api.md "Help centre"): the list with its sections, one
 * article as structured blocks, and the "was this helpful?" answer. An article is data: it reaches
 * the reader as these blocks, never as HTML, so nothing in its text can run (the SPA renders the
 * blocks as React elements; a `<` in the text stays a `<`).
 */

/** The help centre's sections, in the order the list shows them. */
export const HELP_SECTIONS = ['legal', 'signing-in', 'account'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** The ids the sign-in cards, the consent page, the footer and FedCM's client metadata link to. */
export const PRIVACY_POLICY_ARTICLE = 'privacy-policy';
export const TERMS_ARTICLE = 'terms';

/** A run of text inside a paragraph, list item or heading. */
export type HelpInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  /** `href` is either a path under /help-center/ (with an optional #anchor) or an https URL. */
  | { kind: 'link'; text: string; href: string };

export type HelpBlock =
  /** `id` is the heading's anchor, the same in every locale (`/help-center/privacy-policy#retention`). */
  | { kind: 'heading'; level: 2 | 3; id: string; text: string }
  | { kind: 'paragraph'; content: HelpInline[] }
  | { kind: 'list'; ordered: boolean; items: HelpInline[][] };

export interface HelpArticleSummary {
  id: string;
  section: HelpSection;
  title: string;
  summary: string;
  /** The article's text as plain words, for the search as you type (titles and text). */
  text: string;
}

/** GET /common/api/v1/help/articles/?locale= */
export interface HelpArticleList {
  locale: string;
  sections: { id: HelpSection; title: string }[];
  articles: HelpArticleSummary[];
}

/** GET /common/api/v1/help/articles/{id}/?locale= */
export interface HelpArticle {
  id: string;
  locale: string;
  section: HelpSection;
  title: string;
  summary: string;
  /** The day the text last changed, YYYY-MM-DD. */
  updated: string;
  blocks: HelpBlock[];
  related: { id: string; title: string }[];
}

/** POST /common/api/v1/help/articles/{id}/feedback/ */
export interface HelpFeedbackRequest {
  helpful: boolean;
}
