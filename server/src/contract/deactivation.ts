/** POST /user/deactivate/ and /user/restore/: each answers with the Profile as it is afterwards. */
export interface DeactivationRequest {
  /** Of a `confirm_email_or_phone` code sent to the account's own phone or e-mail. */
  request_id: string;
}
