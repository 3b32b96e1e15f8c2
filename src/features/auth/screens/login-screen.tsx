import { SignInFlow } from '../components/sign-in-flow';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * An app's request asking for a new sign-in (OpenID Connect Core §3.1.2.1 prompt=login; the consent
 * page adds it when the app's max_age has passed): the saved accounts are not offered.
 */
function freshSignInAsked(): boolean {
  if (typeof location === 'undefined') return false; // prerendered: no request
  const query = new URLSearchParams(location.search);
  return query.has('client_id') && (query.get('prompt') ?? '').split(' ').includes('login');
}

export default function LoginScreen() {
  return <SignInFlow onSignedIn={useFinishSignIn()} fresh={freshSignInAsked()} />;
}
