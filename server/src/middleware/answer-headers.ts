/**
 * Headers a middleware puts on every answer, set so that @hono/node-server can still write the
 * answer in one go (issue 13, docs/benchmarks.md). A header set after `next()`, on an answer already
 * made, makes Hono rebuild it as a web Response whose body is a stream, and the adapter then pipes
 * that stream to the socket: together a fifth of a token refresh's time in the server. So they are
 * set before `next()`, where `c.json()` and `c.body()` take them in, and checked after: an answer a
 * route built as a Response of its own lacks them and gets them then, the slow way.
 */
import type { Context, Next } from 'hono';

export type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * Runs `next` with `headers` on its answer. `overwrite`: the answer's own value of a header gives
 * way to ours; otherwise ours is only the default, which a route may set otherwise.
 */
export async function withAnswerHeaders(
  c: Context,
  next: Next,
  headers: HeaderList,
  overwrite: boolean,
): Promise<void> {
  for (const [name, value] of headers) c.header(name, value);
  await next();
  const answered = c.res.headers;
  for (const [name, value] of headers) {
    const own = answered.get(name);
    if (own === null || (overwrite && own !== value)) c.header(name, value);
  }
}
