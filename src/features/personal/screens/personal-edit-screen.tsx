/**
 * /personal/edit (docs/product.md §2): every part of the profile on one page — the photo, the name,
 * the username, the birth date and the gender — saved together. Personal's rows open the one-thing
 * pages (profile-part-screens.tsx); this page stays for the product's address.
 */
import { BirthDateField, GenderField, NameFields, UsernameField } from '../components/profile-fields';
import { PhotoField } from '../components/photo-field';
import { ProfileEditPage } from '../components/profile-edit-page';

export default function PersonalEditScreen() {
  return (
    <ProfileEditPage parts={['photo', 'name', 'username', 'birth_date', 'gender']} title="personal_edit_title">
      {(model, user) => (
        <>
          <PhotoField model={model} user={user} />
          <NameFields model={model} />
          <UsernameField model={model} />
          <BirthDateField model={model} />
          <GenderField model={model} />
        </>
      )}
    </ProfileEditPage>
  );
}
