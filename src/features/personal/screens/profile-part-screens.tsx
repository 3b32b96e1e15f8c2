/** /personal/edit/<part>: one part of the profile per page, opened from its row on Personal. */
import { BirthDateField, GenderField, NameFields, UsernameField } from '../components/profile-fields';
import { PhotoField } from '../components/photo-field';
import { ProfileEditPage } from '../components/profile-edit-page';

export function PersonalEditNameScreen() {
  return (
    <ProfileEditPage parts={['name']} title="title_personal_edit_name">
      {(model) => <NameFields model={model} />}
    </ProfileEditPage>
  );
}

export function PersonalEditBirthDateScreen() {
  return (
    <ProfileEditPage parts={['birth_date']} title="title_personal_edit_birth_date">
      {(model) => <BirthDateField model={model} />}
    </ProfileEditPage>
  );
}

export function PersonalEditGenderScreen() {
  return (
    <ProfileEditPage parts={['gender']} title="title_personal_edit_gender">
      {(model) => <GenderField model={model} />}
    </ProfileEditPage>
  );
}

export function PersonalEditUsernameScreen() {
  return (
    <ProfileEditPage parts={['username']} title="title_personal_edit_username">
      {(model) => <UsernameField model={model} />}
    </ProfileEditPage>
  );
}

export function PersonalEditPhotoScreen() {
  return (
    <ProfileEditPage parts={['photo']} title="title_personal_edit_photo">
      {(model, user) => <PhotoField model={model} user={user} />}
    </ProfileEditPage>
  );
}
