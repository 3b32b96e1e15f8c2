/**
 * For models' tests: an HTTP client that records every call and answers from a script, and
 * main.tsx's showError over the real error reader with the catalogue's keys (toasts recorded).
 * Only tests import this file.
 */
import en from '../../../server/src/locales/en.json' with { type: 'json' };
import type { ShowError } from '../form';
import { withMethods, type Http, type Method, type RequestOptions } from '../http';
import { createShowError } from '../show-error';

export interface Call {
  method: Method;
  url: string;
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A failed call as redaxios rejects it. */
export interface Failure {
  status: number;
  data: { errors: { error: string; field?: string }[] };
}

export const failure = (status: number, error: string, field?: string): Failure => ({
  status,
  data: { errors: [field ? { error, field } : { error }] },
});

type Answer = { ok: unknown } | { fail: unknown };

/** The server's answers, one per call, in the order they are scripted for each `METHOD url`. */
export function fakeHttp() {
  const calls: Call[] = [];
  const script = new Map<string, Answer[]>();
  const unexpected: string[] = [];

  function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    calls.push({
      method,
      url,
      ...(body === undefined ? {} : { body }),
      ...(options.params ? { params: options.params } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    const answer = script.get(`${method} ${url}`)?.shift();
    if (!answer) {
      unexpected.push(`${method} ${url}`);
      return Promise.reject(failure(500, 'server_error'));
    }
    return 'ok' in answer ? Promise.resolve(answer.ok as T) : Promise.reject(answer.fail);
  }

  const http: Http = withMethods(request, () =>
    Promise.reject(new Error('the models do not refresh tokens themselves')),
  );

  function add(method: Method, url: string, answer: Answer) {
    const key = `${method} ${url}`;
    script.set(key, [...(script.get(key) ?? []), answer]);
  }

  return {
    http,
    calls,
    /** Calls made that no answer was scripted for. */
    unexpected,
    answer: (method: Method, url: string, body: unknown) => add(method, url, { ok: body }),
    fail: (method: Method, url: string, error: unknown) => add(method, url, { fail: error }),
  };
}

/** main.tsx's showError, with the catalogue's keys, recording the toasts it would show. */
export function fakeShowError() {
  const toasts: string[] = [];
  // The toasts record the key rather than its sentence, so tests read which sentence was shown.
  const i18n = { has: (key: string) => Object.hasOwn(en, key), t: (key: string) => key };
  const showError: ShowError = createShowError(i18n, { show: (_type, key) => void toasts.push(key) }, () => undefined);
  return { showError, toasts };
}
