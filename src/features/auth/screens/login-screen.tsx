import { SignInFlow } from '../components/sign-in-flow';
import { useFinishSignIn } from '../use-finish-sign-in';

export default function LoginScreen() {
  return <SignInFlow onSignedIn={useFinishSignIn()} />;
}
