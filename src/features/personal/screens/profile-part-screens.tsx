/**
 * /personal/edit/<part>: one part of the profile per page, opened from its row on Personal — the
 * name, the birth date, the gender, the username or the photo. An unknown part goes to
 * /personal/edit, which edits every part.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { useServices } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { PhotoField } from '../components/photo-field';
import { ProfileEditPage } from '../components/profile-edit-page';
import { BirthDateField, GenderField, NameFields, UsernameField } from '../components/profile-fields';
import type { ProfileEditModel, ProfilePart } from '../models/profile-edit-model';

interface PartPage {
  part: ProfilePart;
  title: CatalogueKey;
  fields: (model: ProfileEditModel, user: UserProfile) => ReactNode;
}

/** Each page by its path's last segment. */
export const PART_PAGES: Readonly<Record<string, PartPage>> = {
  name: { part: 'name', title: 'title_personal_edit_name', fields: (model) => <NameFields model={model} /> },
  'birth-date': {
    part: 'birth_date',
    title: 'title_personal_edit_birth_date',
    fields: (model) => <BirthDateField model={model} />,
  },
  gender: { part: 'gender', title: 'title_personal_edit_gender', fields: (model) => <GenderField model={model} /> },
  username: {
    part: 'username',
    title: 'title_personal_edit_username',
    fields: (model) => <UsernameField model={model} />,
  },
  photo: {
    part: 'photo',
    title: 'title_personal_edit_photo',
    fields: (model, user) => <PhotoField model={model} user={user} titled={false} />,
  },
};

export default function ProfilePartScreen() {
  const [location] = useLocation();
  const { navigate } = useServices();
  const page = PART_PAGES[location.split('/')[3] ?? ''];
  useEffect(() => {
    if (!page) navigate('/personal/edit', { replace: true });
  }, [page, navigate]);
  if (!page) return null;
  // A new part is a new page: its own model, nothing carried over from the last one.
  return (
    <ProfileEditPage key={page.part} parts={[page.part]} title={page.title}>
      {page.fields}
    </ProfileEditPage>
  );
}
