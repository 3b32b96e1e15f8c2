/**
 * GET /mahalla/oneid/callback/ (docs/product.md §2 "/mahalla/oneid/callback"): the external callback the
 * SPA's page of that path forwards its query string to, as the server is configured
 * (MAHALLA_ONEID_CALLBACK_URL); null when none is, and the page then only goes to `/`.
 */
export interface MahallaCallbackTarget {
  url: string | null;
}
