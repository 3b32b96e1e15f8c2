/** POST /sso/api/v2/register/RegisterUser/ (docs/product.md §7): answers with the token response (tokens.ts). */
export interface RegistrationRequest {
  /** Of a code sent to the new account's phone or e-mail. */
  request_id: string;
  password: string;
  first_name: string;
  last_name: string;
  email?: string | null;
  /** docs/product.md §3: 1 with an e-mail, 2 with the e-mail skipped. */
  kind: 1 | 2;
  save?: boolean;
}
