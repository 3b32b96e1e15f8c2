import { maskContact } from '../../../../server/src/contract/contact-masks.js';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../lib/use-i18n';
import type { Contact } from '../api/types';
import type { KnownAccount } from '../models/known-account';

/**
 * Whose sign-in the second stage is: the account's photo or initials and name when this page knows
 * it, else the typed contact masked as the product shows contacts; and a quiet "Not you?" back to
 * the field, what was typed kept.
 */
export function AccountChip({
  contact,
  known,
  onNotYou,
}: {
  contact: Contact;
  known: KnownAccount | null;
  onNotYou: () => void;
}) {
  const i18n = useI18n();
  const masked = maskContact(contact);
  return (
    <div className="account-chip">
      {known ? (
        <Avatar firstName={known.firstName} lastName={known.lastName} photoUrl={known.photo} small />
      ) : (
        <span className="avatar avatar-small account-chip-icon" aria-hidden="true">
          <Icon name="user" />
        </span>
      )}
      <span className="account-text">
        {known ? <span className="account-name">{`${known.firstName} ${known.lastName}`.trim()}</span> : null}
        <span className={known ? 'account-contact' : 'account-name'}>{masked}</span>
      </span>
      <button type="button" className="link-button account-chip-change" onClick={onNotYou}>
        {i18n.t('not_you')}
      </button>
    </div>
  );
}
