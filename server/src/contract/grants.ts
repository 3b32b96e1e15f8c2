/** GET /user/grants/: an app the signed-in person has let in (DELETE /user/grants/?client_id= takes it back). */
export interface Grant {
  client_id: string;
  name: string;
  logo_url: string | null;
  /** In the provider's order of scopes. */
  scopes: string[];
  /** When the person first consented to this app; ISO 8601. */
  created_at: string;
}
