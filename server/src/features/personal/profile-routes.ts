/**
 * PATCH /user/profile/ : the signed-in person edits their own name, username, birth date and
 * gender. Any subset of the fields; an empty string clears an optional one. Answers the MyProfile
 * body as it is after the change.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ErrorKey } from '../../contract/error-keys.js';
import type { ProfileChangeRequest } from '../../contract/profile.js';
import { badRequest } from '../../lib/api-error.js';
import { checkUsername } from '../../contract/username-rules.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { nameField } from '../../services/names.js';
import { profileOf } from '../../services/profile-view.js';
import type { ProfileChanges } from '../../storage/personal-storage.js';
import { birthDateProblem } from './birth-date.js';
import { recordEvent } from '../../services/audit-log.js';

/** `""` (or null) clears an optional field. */
const clearable = <TSchema extends v.GenericSchema<unknown, string>>(schema: TSchema, errorKey: ErrorKey) =>
  v.optional(
    v.union(
      [
        v.pipe(
          v.nullable(v.literal('')),
          v.transform(() => null),
        ),
        schema,
      ],
      errorKey,
    ),
  );

const profileSchema = requestSchema<ProfileChangeRequest>()(
  v.strictObject({
    first_name: v.optional(nameField),
    last_name: v.optional(nameField),
    middle_name: clearable(nameField, 'invalid_name'),
    username: clearable(v.pipe(v.string('invalid_username'), v.maxLength(256, 'invalid_username')), 'invalid_username'),
    birth_date: clearable(
      v.pipe(v.string('invalid_birth_date'), v.maxLength(10, 'invalid_birth_date')),
      'invalid_birth_date',
    ),
    gender: clearable(v.picklist(['male', 'female'], 'invalid_value'), 'invalid_value'),
  }),
);

export function profileRoutes({ storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.patch('/profile/', requireAuth(sessions), requireActive, async (c) => {
    const body = await readJsonBody(c, profileSchema);
    const userId = c.get('auth').user.id;
    const now = clock.now();

    const changes: ProfileChanges = {};
    if (body.first_name !== undefined) changes.firstName = body.first_name;
    if (body.last_name !== undefined) changes.lastName = body.last_name;
    if (body.middle_name !== undefined) changes.middleName = body.middle_name;
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.birth_date !== undefined) {
      const problem = body.birth_date === null ? null : birthDateProblem(body.birth_date, now);
      if (problem) throw badRequest(problem, 'birth_date');
      changes.birthDate = body.birth_date;
    }
    if (body.username !== undefined) {
      if (body.username === null) changes.username = null;
      else {
        const checked = checkUsername(body.username);
        if ('problem' in checked) throw badRequest(checked.problem, 'username');
        changes.username = checked.username;
      }
    }

    // Which fields really change: a save that changes nothing writes nothing and logs nothing.
    const current = c.get('auth').user;
    const changing = (Object.keys(changes) as (keyof ProfileChanges)[]).filter(
      (field) => changes[field] !== current[field],
    );
    if (changing.length === 0) return c.json(profileOf(current));

    const updated = await storage.transaction(async (tx) => {
      if (changes.username && changing.includes('username')) {
        const holder = await tx.profiles.findByUsername(changes.username);
        // A malformed name is invalid_username (above); a taken one is docs/product.md §8's username_invalid_or_exists_username.
        if (holder && holder.id !== userId) throw badRequest('username_invalid_or_exists_username', 'username');
      }
      await tx.profiles.update(userId, changes, now);
      // Which fields changed, never their values: the log is read on a shared screen and exported.
      const fields = changing
        .map((field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
        .toSorted()
        .join(',');
      await recordEvent(tx, {
        type: 'profile_changed',
        userId,
        sessionId: c.get('auth').session.id,
        meta: c.get('meta'),
        at: now,
        details: { fields },
      });
      return tx.users.findById(userId);
    });
    if (!updated) throw new Error('the signed-in account has no row');
    return c.json(profileOf(updated));
  });

  return app;
}
