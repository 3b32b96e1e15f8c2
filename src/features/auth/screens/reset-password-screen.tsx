import { useServices } from '../../../lib/services';
import { ResetFlow } from '../components/reset-flow';

export default function ResetPasswordScreen() {
  const { toasts, navigate } = useServices();
  return (
    <ResetFlow
      onReset={(confirmation) => {
        toasts.show('success', confirmation, { replace: true });
        navigate('/login', { replace: true });
      }}
    />
  );
}
