/**
 * The fields of an app's form, shared by registering (/developers/new) and editing
 * (/developers/:clientId). The name and the addresses are checked here with the very rules the
 * server applies (server/src/contract/app-name-rules.ts, client-uris.ts), so a mistake is said beside
 * its field, naming the line, before anything is sent.
 */
import { computed, signal } from '@preact/signals-react';
import type { AppKind, DeveloperApp, DeveloperAppInput } from '../../../../server/src/contract/developers.js';
import { appNameProblem } from '../../../../server/src/contract/app-name-rules.js';
import {
  CLIENT_URIS_MAX,
  pageUrlProblem,
  redirectUriProblem,
  webOriginProblem,
} from '../../../../server/src/contract/client-uris.js';
import type { Field, Form } from '../../../lib/form';

export type AppField =
  | 'name'
  | 'home_page'
  | 'privacy_policy_url'
  | 'terms_url'
  | 'redirect_uris'
  | 'web_origins'
  | 'post_logout_redirect_uris';
export type ListField = 'redirect_uris' | 'web_origins' | 'post_logout_redirect_uris';

export const LIST_FIELDS: readonly ListField[] = ['redirect_uris', 'web_origins', 'post_logout_redirect_uris'];

/** A wrong line of a list field: its number, what is wrong, and what it likely meant (parsed and written back). */
export interface LineProblem {
  line: number;
  value: string;
  problem: NonNullable<ReturnType<typeof redirectUriProblem>>;
  suggestion: string | null;
}

/**
 * Plain http on a loopback host is allowed outside production only; the SPA's build does not know
 * where it runs, so it lets such an address through and the server, which does know, decides.
 */
const ALLOW_LOOPBACK_HTTP = true;

const EMPTY: Record<AppField, string> = {
  name: '',
  home_page: '',
  privacy_policy_url: '',
  terms_url: '',
  redirect_uris: '',
  web_origins: '',
  post_logout_redirect_uris: '',
};

/** The non-blank lines of a text area, each with its line number as the person sees it. */
export function linesOf(text: string): { line: number; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, value: value.trim() }))
    .filter((entry) => entry.value !== '');
}

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A page's address as the browser writes it back ("https://shop.uz" → "https://shop.uz/"): pages are not matched exactly. */
function pageAddress(value: string): string {
  const trimmed = value.trim();
  return parsed(trimmed)?.href ?? trimmed;
}

const RULES: Record<ListField, { problem: typeof redirectUriProblem; written: (url: URL) => string }> = {
  redirect_uris: { problem: redirectUriProblem, written: (url) => url.href },
  web_origins: { problem: webOriginProblem, written: (url) => url.origin },
  // Where RP-initiated logout returns to is matched exactly too (OpenID Connect RP-Initiated Logout 1.0 §3).
  post_logout_redirect_uris: { problem: redirectUriProblem, written: (url) => url.href },
};

export function createAppFields(form: Form) {
  const field = Object.fromEntries(Object.keys(EMPTY).map((name) => [name, form.field(name, '')])) as Record<
    AppField,
    Field<string>
  >;
  /** Every field's value by its name. */
  const values = computed(
    () => Object.fromEntries(Object.entries(field).map(([name, one]) => [name, one.value])) as Record<AppField, string>,
  );
  const kind = form.field<AppKind>('kind', 'public');
  /** Every wrong line of each list, in order: all of them are said at once, not one per submit. */
  const lineProblems = signal<Partial<Record<ListField, LineProblem[]>>>({});

  function checkList(name: ListField): string[] {
    const entries = linesOf(values.peek()[name]);
    const rule = RULES[name];
    if (entries.length > CLIENT_URIS_MAX) form.setError(name, 'too_many_uris');
    const wrong: LineProblem[] = [];
    for (const entry of entries) {
      const problem = rule.problem(entry.value, ALLOW_LOOPBACK_HTTP);
      if (!problem) continue;
      const url = parsed(entry.value);
      const guess = url ? rule.written(url) : null;
      const suggestion = guess && guess !== entry.value && !rule.problem(guess, ALLOW_LOOPBACK_HTTP) ? guess : null;
      wrong.push({ line: entry.line, value: entry.value, problem, suggestion });
    }
    const [first] = wrong;
    if (first) {
      // The field's key is its first wrong line's (focus and aria-invalid follow it); the text names every line.
      if (!form.errors.peek()[name]) form.setError(name, first.problem);
      lineProblems.value = { ...lineProblems.peek(), [name]: wrong };
    }
    return entries.map((entry) => entry.value);
  }

  function checkPage(name: 'home_page' | 'privacy_policy_url' | 'terms_url', required: boolean): void {
    const value = values.peek()[name].trim();
    if (!value) {
      if (required) form.setError(name, 'field_required');
      return;
    }
    // A page is a web page, as the server judges it (services/client-registry.ts): an app's own scheme is no page.
    const problem = pageUrlProblem(pageAddress(value), ALLOW_LOOPBACK_HTTP);
    if (problem) form.setError(name, problem);
  }

  return {
    field,
    values,
    kind,
    lineProblems,

    set(name: AppField, value: string): void {
      field[name].set(value);
      if (name in lineProblems.peek()) {
        const { [name as ListField]: _cleared, ...rest } = lineProblems.peek();
        lineProblems.value = rest;
      }
    },

    /** The form filled with an app as it is. */
    takeApp(app: DeveloperApp): void {
      const taken: Record<AppField, string> = {
        name: app.name,
        home_page: app.home_page,
        privacy_policy_url: app.privacy_policy_url,
        terms_url: app.terms_url ?? '',
        redirect_uris: app.redirect_uris.join('\n'),
        web_origins: app.web_origins.join('\n'),
        post_logout_redirect_uris: app.post_logout_redirect_uris.join('\n'),
      };
      for (const name of Object.keys(field) as AppField[]) field[name].value = taken[name];
      kind.value = app.kind;
    },

    /** The request's body when every field is right; otherwise null, with each mistake beside its field. */
    check(): DeveloperAppInput | null {
      lineProblems.value = {};
      const name = values.peek().name.trim();
      const nameProblem = appNameProblem(name);
      if (nameProblem !== null) form.setError('name', nameProblem);
      checkPage('home_page', true);
      checkPage('privacy_policy_url', true);
      checkPage('terms_url', false);
      const redirectUris = checkList('redirect_uris');
      const webOrigins = checkList('web_origins');
      const postLogoutRedirectUris = checkList('post_logout_redirect_uris');
      if (redirectUris.length === 0 && webOrigins.length === 0 && !form.errors.peek().redirect_uris)
        form.setError('redirect_uris', 'redirect_or_origin_required');
      if (Object.keys(form.errors.peek()).length > 0) return null;
      const terms = values.peek().terms_url.trim();
      return {
        name,
        home_page: pageAddress(values.peek().home_page),
        privacy_policy_url: pageAddress(values.peek().privacy_policy_url),
        terms_url: terms ? pageAddress(terms) : null,
        redirect_uris: redirectUris,
        web_origins: webOrigins,
        post_logout_redirect_uris: postLogoutRedirectUris,
        kind: kind.peek(),
      };
    },
  };
}

export type AppFields = ReturnType<typeof createAppFields>;
