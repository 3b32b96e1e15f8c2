/**
 * Editing the profile: on /personal/edit every part at once, on /personal/edit/<part> one thing
 * (the name, the username, the birth date, the gender, the photo). Only the page's parts are checked
 * and sent. Every rule the server applies is checked here first, so every mistake is said beside its
 * field at once, and so is every problem the server answers; the answer is the profile as it now is.
 * A username is checked while it is typed: once the person pauses (docs/product.md §9's debounce), its
 * shape here and then whether it is free. A photo is chosen (and cropped) first and only sent on Save,
 * with the rest of the page; leaving the page drops it.
 */
import { signal } from '@preact/signals-react';
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import { usernameProblem } from '../../../../server/src/contract/username-rules.js';
import { displayKey, errorKeyOf } from '../../../lib/api-error';
import { moreFieldErrors } from '../../../lib/more-field-errors';
import { debounce } from '../../../lib/debounce';
import { createForm, type ShowError } from '../../../lib/form';
import { dottedDate, isoDate, isValidBirthDate, parseBirthDate } from '../../../lib/format/birth-date';
import { IMAGE_MAX_BYTES, imageFileProblem } from '../../../lib/image-file';
import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';
import { checkUsername } from '../api/check-username';
import { removePhoto, uploadPhoto } from '../api/photo';
import type { ProfileChangeRequest } from '../../../../server/src/contract/profile.js';
import { updateProfile } from '../api/update-profile';

/** The server's limits (docs/api.md, Personal data). */
export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;

/** What one page edits: the name is the first, last and middle names together. */
export type ProfilePart = 'name' | 'username' | 'birth_date' | 'gender' | 'photo';
export const ALL_PARTS: readonly ProfilePart[] = ['photo', 'name', 'username', 'birth_date', 'gender'];

/**
 * The photo as Save will leave it: as it is, a new image, or none. A new one is made when Save is
 * pressed (`render`: the crop drawn on a canvas), so the crop as last placed is the one sent.
 */
export type PhotoChoice = { kind: 'keep' } | { kind: 'new'; render: () => Promise<File> } | { kind: 'remove' };

export function createProfileEditModel(deps: {
  http: Http;
  ssoApi: string;
  user: UserProfile;
  showError: ShowError;
  now: () => Date;
  /** What this page edits (every part on /personal/edit). */
  parts?: readonly ProfilePart[];
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
  const photo = signal<PhotoChoice>({ kind: 'keep' });
  const parts = new Set(deps.parts ?? ALL_PARTS);
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
    if (parts.has('name')) {
      if (!firstName.value.trim()) form.setError('first_name', 'field_required');
      if (!lastName.value.trim()) form.setError('last_name', 'field_required');
    }
    const name = typedUsername();
    const problem = parts.has('username') && name ? usernameProblem(name) : null;
    if (problem) form.setError('username', problem);
    if (parts.has('birth_date') && birthDate.value) {
      const parsed = parseBirthDate(birthDate.value);
      if (!parsed || !isValidBirthDate(parsed, deps.now())) form.setError('birth_date', 'invalid_birth_date');
    }
    return Object.keys(form.errors.peek()).length === 0;
  }

  /** The page's text fields as PATCH /user/profile/ takes them. */
  function changes(): ProfileChangeRequest {
    const parsedBirthDate = parseBirthDate(birthDate.value);
    return {
      ...(parts.has('name') && {
        first_name: firstName.value.trim(),
        last_name: lastName.value.trim(),
        middle_name: middleName.value.trim(),
      }),
      ...(parts.has('username') && { username: username.value.trim().toLowerCase() }),
      ...(parts.has('birth_date') && { birth_date: parsedBirthDate ? isoDate(parsedBirthDate) : '' }),
      ...(parts.has('gender') && { gender: gender.value }),
    };
  }

  async function savePhoto(choice: PhotoChoice): Promise<boolean> {
    if (choice.kind === 'keep') return true;
    if (choice.kind === 'remove') {
      if ((await form.attempt(() => removePhoto(deps.http, deps.ssoApi))) === undefined) return false;
      changed({ ...current, profile: { ...current.profile, photo: null } });
    } else {
      const source = await form.attempt(async () => uploadPhoto(deps.http, deps.ssoApi, await choice.render()), {
        fieldOf: () => 'photo',
      });
      if (source === undefined) return false;
      changed({ ...current, profile: { ...current.profile, photo: source } });
    }
    photo.value = { kind: 'keep' };
    return true;
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

    photo,

    /**
     * A file chosen for the photo: checked as the server will (type and size) before it is cropped;
     * true when it may be. The cropped image is then given to `setPhoto`.
     */
    acceptPhotoFile(file: File): boolean {
      form.clearError('photo');
      const problem = imageFileProblem(file);
      if (problem) form.setError('photo', problem);
      return problem === null;
    },

    /** The photo Save will leave: a cropped image, none, or the one there is. */
    setPhoto(choice: PhotoChoice): void {
      form.clearError('photo');
      photo.value = choice;
    },

    /** True when saved: the page's fields first, then its photo, each problem beside its field. */
    async save(): Promise<boolean> {
      checkAvailability.cancel();
      form.reset();
      if (!check()) return false;
      const request = changes();
      if (Object.keys(request).length > 0) {
        let refusal: unknown;
        const saved = await form.attempt(() =>
          updateProfile(deps.http, deps.ssoApi, request).catch((error: unknown) => {
            refusal = error;
            throw error;
          }),
        );
        if (!saved) {
          // The first problem is said by `attempt`; the server's others beside their fields at once.
          for (const { key, field } of moreFieldErrors(refusal)) form.setError(field, key);
          return false;
        }
        changed(saved);
      }
      return parts.has('photo') ? savePhoto(photo.peek()) : true;
    },

    dispose(): void {
      checkAvailability.cancel();
    },
  };
}

export type ProfileEditModel = ReturnType<typeof createProfileEditModel>;
