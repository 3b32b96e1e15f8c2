import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { imageUrl } from '../lib/format/image-url';
import { useServices } from '../lib/services';
import { Avatar } from './avatar';
import { SignOutButton } from './sign-out-button';

/**
 * The signed-in account in the top bar: its photo or initials and first name, a link to its personal
 * information, and Sign out. Loaded with the first signed-in page (layouts.tsx): the sign-in page,
 * which never shows it, does not pay for it.
 */
export default function UserMenu() {
  useSignals();
  const { session, config } = useServices();
  const user = session.user.value;
  if (!user) return null;
  const { first_name: firstName, last_name: lastName, photo } = user.profile;
  return (
    <>
      <Link href="/personal" className="topbar-user">
        <Avatar
          firstName={firstName}
          lastName={lastName}
          photoUrl={photo ? imageUrl(photo, config.imageCdn) : ''}
          small
        />
        <span className="topbar-user-name">{`${firstName} ${lastName}`.trim()}</span>
      </Link>
      <SignOutButton compact />
    </>
  );
}
