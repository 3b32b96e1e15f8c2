import { useServices } from '../../../lib/services';
import { ResetFlow } from '../components/reset-flow';

export default function ResetPasswordScreen() {
  const { toasts, navigate } = useServices();
  return (
    <ResetFlow
      onReset={(confirmation, contact) => {
        toasts.show('success', confirmation, { replace: true });
        // Signing in is next: with the contact just proven, in its mode (login-screen.tsx reads it);
        // a backup contact does not sign in, so then the form starts empty.
        navigate('/login', { replace: true, ...(contact ? { state: { contact } } : {}) });
      }}
    />
  );
}
