/** What the hostile-body suite knows of one write endpoint (its list: write-endpoints.ts). */

export type BodyKind = 'json' | 'form' | 'multipart' | 'none';
/** `fresh`: the request may end its own session, so each one gets a session of its own. */
export type Auth = 'none' | 'bearer' | 'fresh';

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
