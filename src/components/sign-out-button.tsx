import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import { Button } from './button';

/** Signs the active account out of this device (SPEC §4 Logout) and goes to Login. */
export function SignOutButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' | 'link' }) {
  const i18n = useI18n();
  const { session, navigate } = useServices();
  return (
    <Button
      variant={variant}
      onClick={async () => {
        await session.signOut();
        navigate('/login', { replace: true });
      }}
    >
      {i18n.t('sign_out')}
    </Button>
  );
}
