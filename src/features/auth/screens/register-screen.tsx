import { SignUpFlow } from '../components/sign-up-flow';
import { useFinishSignIn } from '../use-finish-sign-in';

export default function RegisterScreen() {
  const finish = useFinishSignIn();
  return <SignUpFlow onRegistered={(response) => finish(response, true)} />;
}
