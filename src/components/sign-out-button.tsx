import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import { Button } from './button';
import { Icon } from './icon';

/**
 * Signs the active account out of this device (docs/product.md §4 Logout) and goes to Login. `compact` is the
 * top bar's: a small secondary button whose words give way to the icon on a phone.
 */
export function SignOutButton({
  variant = 'secondary',
  compact = false,
}: {
  variant?: 'primary' | 'secondary';
  compact?: boolean;
}) {
  const i18n = useI18n();
  const { session, navigate } = useServices();
  return (
    <Button
      variant={variant}
      className={compact ? 'button-small sign-out-compact' : undefined}
      onClick={async () => {
        await session.signOut();
        navigate('/login', { replace: true });
      }}
    >
      {compact ? <Icon name="log-out" /> : null}
      <span className="sign-out-text">{i18n.t('sign_out')}</span>
    </Button>
  );
}
