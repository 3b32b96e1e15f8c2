/**
 * The widget's embed page, composed here because it joins two features: the oauth feature's embed
 * screen runs the auth feature's flows (features do not import each other).
 */
import { ResetFlow } from '../features/auth/components/reset-flow';
import { SignInFlow } from '../features/auth/components/sign-in-flow';
import { SignUpFlow } from '../features/auth/components/sign-up-flow';
import EmbedScreen from '../features/oauth/screens/embed-screen';

export default function EmbedRoute() {
  return <EmbedScreen SignIn={SignInFlow} SignUp={SignUpFlow} Reset={ResetFlow} />;
}
