import { SignOutButton } from '../../components/sign-out-button';
import { useI18n } from '../../lib/use-i18n';

/** SPEC §2/§6: only for deactivated users; restoring the account comes with the account pages. */
export default function DeletedAccountScreen() {
  const i18n = useI18n();
  return (
    <div className="stack">
      <h1>{i18n.t('deleted_account_title')}</h1>
      <p>{i18n.t('deleted_account_text')}</p>
      <SignOutButton variant="primary" />
    </div>
  );
}
