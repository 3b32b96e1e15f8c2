/**
 * The widget's embed page, composed here because it joins two features: the oauth feature's embed
 * screen runs the auth feature's sign-in flow (features do not import each other).
 */
import { SignInFlow } from '../features/auth/components/sign-in-flow';
import EmbedScreen from '../features/oauth/screens/embed-screen';

export default function EmbedRoute() {
  return <EmbedScreen SignIn={SignInFlow} />;
}
