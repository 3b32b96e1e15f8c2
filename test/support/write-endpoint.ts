/** What the hostile-body suite knows of one write endpoint (its list: write-endpoints.ts). */

export type BodyKind = 'json' | 'form' | 'multipart' | 'none';
/**
 * `fresh`: the request may end its own session, so each one gets a session of its own. `operator`: the
 * operator API's ADMIN_TOKEN (OPERATOR_TOKEN, which the suite's server is started with).
 */
export type Auth = 'none' | 'bearer' | 'fresh' | 'operator';

/** The ADMIN_TOKEN the hostile-body suite's server is started with. */
export const OPERATOR_TOKEN = 'hostile-suite-operator-token-of-32-plus-chars';

export interface WriteEndpoint {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** As docs/api.md writes it: relative to /sso/api/v1 unless ROOT_PATH matches; a path parameter in braces (`{id}`, `{client_id}`). */
  path: string;
  query?: string;
  auth: Auth;
  kind: BodyKind;
  sample: Record<string, unknown>;
  /** The route's body limit, when it is not the API's 16 KiB. */
  bodyLimitBytes?: number;
  /** A JSON route that does not refuse unknown fields by name. */
  looseFields?: boolean;
  /** What each `{name}` of the path is sent as (SOME_ID when absent). */
  params?: Record<string, string>;
}
