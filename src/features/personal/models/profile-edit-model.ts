/**
 * Editing the profile (/personal/edit): names, username, birth date, gender and the photo. Every
 * rule the server applies is checked here first, so a mistake is said beside its field at once;
 * the server's answer is the profile as it now is. A username is checked while it is typed: once
 * the person pauses (docs/product.md §9's debounce), its shape here and then whether it is free.
 */
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import { usernameProblem } from '../../../../server/src/contract/username-rules.js';
import { displayKey, errorKeyOf } from '../../../lib/api-error';
import { debounce } from '../../../lib/debounce';
import { createForm, type ShowError } from '../../../lib/form';
import { dottedDate, isoDate, isValidBirthDate, parseBirthDate } from '../../../lib/format/birth-date';
import { IMAGE_MAX_BYTES, imageFileProblem } from '../../../lib/image-file';
import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';
import { checkUsername } from '../api/check-username';
import { removePhoto, uploadPhoto } from '../api/photo';
import { updateProfile } from '../api/update-profile';

/** The server's limits (docs/api.md, Personal data). */
export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;

export function createProfileEditModel(deps: {
  http: Http;
  ssoApi: string;
  user: UserProfile;
  showError: ShowError;
  now: () => Date;
  /** The profile after a change: the site takes it as the signed-in user's. */
  onChanged: (profile: UserProfile) => void;
}) {
  const form = createForm(deps.showError);
  const { profile } = deps.user;
  const firstName = form.field('first_name', profile.first_name);
  const lastName = form.field('last_name', profile.last_name);
  const middleName = form.field('middle_name', profile.middle_name ?? '');
  const username = form.field('username', profile.username ?? '');
  // Typed and shown as DD.MM.YYYY (the way Personal shows it); sent as the API's YYYY-MM-DD.
  const birthDate = form.field('birth_date', profile.birth_date ? dottedDate(profile.birth_date) : '');
  const gender = form.field<'' | 'male' | 'female'>('gender', profile.gender ?? '');
  let current = deps.user;
  const typedUsername = () => username.peek().trim().toLowerCase();

  const checkAvailability = debounce(async (name: string) => {
    const problem = usernameProblem(name);
    if (problem) return form.setError('username', problem);
    try {
      const answer = await checkUsername(deps.http, deps.ssoApi, name);
      if (typedUsername() === name && !answer.available)
        form.setError('username', 'username_invalid_or_exists_username');
    } catch (error) {
      // Only a refusal of the name itself is said while typing; anything else waits for Save. The
      // server's error items carry catalogue keys (contract/errors.ts).
      const found = errorKeyOf((error as { data?: unknown } | null)?.data);
      if (typedUsername() === name && found?.field === 'username')
        form.setError('username', displayKey(found.key) as ErrorKey);
    }
  });

  function check(): boolean {
    if (!firstName.value.trim()) form.setError('first_name', 'field_required');
    if (!lastName.value.trim()) form.setError('last_name', 'field_required');
    const name = typedUsername();
    const problem = name ? usernameProblem(name) : null;
    if (problem) form.setError('username', problem);
    if (birthDate.value) {
      const parsed = parseBirthDate(birthDate.value);
      if (!parsed || !isValidBirthDate(parsed, deps.now())) form.setError('birth_date', 'invalid_birth_date');
    }
    return Object.keys(form.errors.peek()).length === 0;
  }

  function changed(next: UserProfile): void {
    current = next;
    deps.onChanged(next);
  }

  return {
    form,
    firstName,
    lastName,
    middleName,
    username,
    birthDate,
    gender,

    /** A username typed: said beside the field once the person pauses, if it cannot be theirs. */
    typeUsername(value: string): void {
      username.set(value);
      const name = typedUsername();
      if (name && name !== (current.profile.username ?? '')) checkAvailability(name);
      else checkAvailability.cancel();
    },

    /** True when saved. */
    async save(): Promise<boolean> {
      checkAvailability.cancel();
      form.reset();
      if (!check()) return false;
      const parsedBirthDate = parseBirthDate(birthDate.value);
      const saved = await form.attempt(() =>
        updateProfile(deps.http, deps.ssoApi, {
          first_name: firstName.value.trim(),
          last_name: lastName.value.trim(),
          middle_name: middleName.value.trim(),
          username: username.value.trim().toLowerCase(),
          birth_date: parsedBirthDate ? isoDate(parsedBirthDate) : '',
          gender: gender.value,
        }),
      );
      if (saved) changed(saved);
      return saved !== undefined;
    },

    /** Checks the file as the server will (type and size), then uploads it; true when it is the photo now. */
    async uploadPhoto(file: File): Promise<boolean> {
      form.clearError('photo');
      const problem = imageFileProblem(file);
      if (problem) {
        form.setError('photo', problem);
        return false;
      }
      const source = await form.attempt(() => uploadPhoto(deps.http, deps.ssoApi, file));
      if (source === undefined) return false;
      changed({ ...current, profile: { ...current.profile, photo: source } });
      return true;
    },

    async removePhoto(): Promise<boolean> {
      const done = await form.attempt(() => removePhoto(deps.http, deps.ssoApi));
      if (done === undefined) return false;
      changed({ ...current, profile: { ...current.profile, photo: null } });
      return true;
    },

    dispose(): void {
      checkAvailability.cancel();
    },
  };
}

export type ProfileEditModel = ReturnType<typeof createProfileEditModel>;
