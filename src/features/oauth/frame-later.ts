/**
 * What the widget's frame loads after its first paint, as one download (its first page has a
 * budget, and each lazy import costs bytes in it): the observer that sizes the frame and the ear for
 * the page's word that it has the tokens (partner-tokens.ts), the way to the browser's Kirish
 * accounts (and the views of the stages it leads to), and the authorization that follows a sign-in.
 */
export { watchPartner } from './partner-tokens';
export { accountsIfAllowed, continueWithKirish } from './browser-accounts';
export { embedAuthorization } from './embed-authorization';
export { default as LaterStageView } from './components/later-stage-view';
