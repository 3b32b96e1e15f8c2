/** GET /user/login-methods/: the ways this account can sign in. */
export interface LoginMethods {
  password: boolean;
  phone_code: boolean;
  /** Only a verified e-mail takes a sign-in code. */
  email_code: boolean;
  /** The linked social providers. */
  social: string[];
}
