import { useServices } from '../../../lib/services';
import { ResetFlow } from '../components/reset-flow';

export default function ResetPasswordScreen() {
  const { toasts, i18n, navigate } = useServices();
  return (
    <ResetFlow
      onReset={() => {
        toasts.show('success', i18n.t('password_changed'), { replace: true });
        navigate('/login', { replace: true });
      }}
    />
  );
}
