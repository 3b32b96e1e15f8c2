/**
 * PATCH /user/profile/ : the signed-in person edits their own name, username, birth date and
 * gender. Any subset of the fields; an empty string clears an optional one. Answers the MyProfile
 * body as it is after the change. Every problem of a request is answered at once, each under its
 * field (a taken username beside a bad birth date), so a form never learns them one save at a time.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { ErrorKey } from '../../contract/error-keys.js';
import type { ProfileChangeRequest } from '../../contract/profile.js';
import type { ErrorItem } from '../../contract/errors.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { checkUsername } from '../../contract/username-rules.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
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

/** The request's fields by their shape; the birth date's day and the username's owner are checked in the route. */
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

/**
 * Any JSON object, as JSON.parse made it: the fields are read by `profileSchema`, after which each field's own
 * rules still run. Not a valibot object schema, which copies the entries into a new object: a `__proto__` key
 * copied so becomes the copy's prototype instead of an unknown field, and the strict schema never sees it.
 */
const anyObject = v.pipe(
  v.unknown(),
  v.check((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'invalid_value'),
  v.transform((value) => value as Record<string, unknown>),
);

export function profileRoutes({ storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.patch('/profile/', requireAuth(sessions), requireActive, async (c) => {
    const raw = await readJsonBody(c, anyObject);
    const userId = c.get('auth').user.id;
    const current = c.get('auth').user;
    const now = clock.now();
    const problems: ErrorItem[] = [];
    const problem = (error: ErrorKey, field: string) => {
      if (!problems.some((item) => item.field === field)) problems.push({ error, field });
    };

    let body: v.InferOutput<typeof profileSchema> = {};
    try {
      body = parseWith(profileSchema, raw);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push(...error.items);
    }
    // The fields' own rules run on what the shape let through, beside the shape's problems.
    const birthDate = typeof raw.birth_date === 'string' && raw.birth_date !== '' ? raw.birth_date : null;
    const birthDateWrong = birthDate === null ? null : birthDateProblem(birthDate, now);
    if (birthDateWrong) problem(birthDateWrong, 'birth_date');
    const username = typeof raw.username === 'string' && raw.username !== '' ? checkUsername(raw.username) : null;
    if (username && 'problem' in username) problem(username.problem, 'username');
    else if (username && username.username !== current.username) {
      // Checked again in the write's transaction below; asked here so that it is said beside the others.
      const holder = await storage.profiles.findByUsername(username.username);
      if (holder && holder.id !== userId) problem('username_invalid_or_exists_username', 'username');
    }
    if (problems.length > 0) throw new ApiError(400, problems);

    const changes: ProfileChanges = {};
    if (body.first_name !== undefined) changes.firstName = body.first_name;
    if (body.last_name !== undefined) changes.lastName = body.last_name;
    if (body.middle_name !== undefined) changes.middleName = body.middle_name;
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.birth_date !== undefined) changes.birthDate = body.birth_date;
    if (body.username !== undefined) changes.username = username && 'username' in username ? username.username : null;

    // Which fields really change: a save that changes nothing writes nothing and logs nothing.
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
