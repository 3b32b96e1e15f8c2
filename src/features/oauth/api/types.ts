/** What the server says of a client (GET /oauth/app_info/) and of an authorization request: its contract's types. */
export type { AppInfo } from '../../../../server/src/contract/app-info.js';
export type { AuthorizeAnswer, WebMessageResponse } from '../../../../server/src/contract/authorize.js';
