/**
 * Under the sign-in card: the other ways in that the server offers (social providers, then QR),
 * behind an "or" divider. Nothing at all while there are none: no empty divider, no empty row.
 */
import { Icon, type IconName } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';

export interface SignInOption {
  id: string;
  /** The provider's name, as it writes it ("Google", "OneID"), or the QR entry's words. */
  label: string;
  href: string;
  icon?: IconName;
}

export function SignInOptions({ providers, qr }: { providers: readonly SignInOption[]; qr?: SignInOption }) {
  const i18n = useI18n();
  if (providers.length === 0) return null;
  return (
    <nav className="sign-in-options" aria-label={i18n.t('sign_in_providers')}>
      <p className="or">{i18n.t('or')}</p>
      <ul>
        {(qr ? [...providers, qr] : providers).map((option) => (
          <li key={option.id}>
            <a className="button button-secondary" href={option.href}>
              {option.icon ? <Icon name={option.icon} /> : null}
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default SignInOptions;
