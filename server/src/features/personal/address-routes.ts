/**
 * The signed-in person's addresses: GET/POST /user/addresses/, PATCH/DELETE /user/addresses/{id}/,
 * POST /user/addresses/{id}/default/.
 *
 * An account with addresses always has exactly one default: the first address becomes it, deleting
 * (or un-defaulting) the default passes it to the newest remaining one. Another account's address
 * is answered exactly like one that does not exist (404), so ids reveal nothing.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_TOO_LONG,
  CONTROL_CHARACTER,
  POSTAL_CODE_PATTERN,
  tidyAddressLine,
  type AddressTextField,
} from '../../contract/address-rules.js';
import type { Address as AddressView, AddressChangeRequest, AddressRequest } from '../../contract/addresses.js';
import { ADDRESSES_MAX_PER_USER } from '../../config/policy.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { randomId } from '../../lib/secrets.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import type { Address } from '../../storage/personal-storage.js';
import type { Storage } from '../../storage/storage.js';
import { findRegion, regionHasDistrict } from '../../services/regions.js';

/**
 * Free text from a form: trimmed, inner whitespace collapsed, no control characters. Too long is a
 * key of its own per limit, whose sentence says the limit (issue 12: errors say the rule). The
 * limits, keys and tidying are the contract's, which the SPA's form checks with too.
 */
const line = (name: AddressTextField) =>
  v.pipe(
    v.string('invalid_value'),
    v.check((value) => !CONTROL_CHARACTER.test(value), 'invalid_value'),
    v.transform(tidyAddressLine),
    v.maxLength(ADDRESS_MAX_LENGTH[name], ADDRESS_TOO_LONG[name]),
  );
const required = (name: AddressTextField) => v.pipe(line(name), v.minLength(1, 'field_required'));
/** Optional text: absent, null or blank all mean none. */
const optional = (name: AddressTextField) =>
  v.optional(
    v.pipe(
      v.nullable(line(name)),
      v.transform((value) => (value ? value : null)),
    ),
  );

const fields = {
  label: optional('label'),
  region: v.pipe(v.string('invalid_region'), v.maxLength(64, 'invalid_region')),
  district: v.pipe(v.string('invalid_district'), v.maxLength(64, 'invalid_district')),
  street: required('street'),
  house: required('house'),
  apartment: optional('apartment'),
  postal_code: v.optional(
    v.pipe(
      v.nullable(v.string('invalid_postal_code')),
      v.transform((value) => value?.trim() || null),
      v.check((value) => value === null || POSTAL_CODE_PATTERN.test(value), 'invalid_postal_code'),
    ),
  ),
  is_default: v.optional(v.boolean('invalid_value')),
};

const createSchema = requestSchema<AddressRequest>()(v.strictObject(fields));
const changeSchema = requestSchema<AddressChangeRequest>()(
  v.strictObject({
    label: fields.label,
    region: v.optional(fields.region),
    district: v.optional(fields.district),
    street: v.optional(fields.street),
    house: v.optional(fields.house),
    apartment: fields.apartment,
    postal_code: fields.postal_code,
    is_default: fields.is_default,
  }),
);

function checkPlace(region: string, district: string): void {
  if (!findRegion(region)) throw badRequest('invalid_region', 'region');
  if (!regionHasDistrict(region, district)) throw badRequest('invalid_district', 'district');
}

const notFound = () => new ApiError(404, [{ error: 'not_found' }]);

export function addressView(address: Address): AddressView {
  return {
    id: address.id,
    label: address.label,
    region: address.region,
    district: address.district,
    street: address.street,
    house: address.house,
    apartment: address.apartment,
    postal_code: address.postalCode,
    is_default: address.isDefault,
    created_at: new Date(address.createdAt).toISOString(),
    updated_at: new Date(address.updatedAt).toISOString(),
  };
}

/**
 * After the default was deleted or given up (`from`): the newest other address takes its place; an
 * address that is the account's only one stays its default.
 */
async function passDefaultOn(tx: Storage, userId: string, from: string, at: number): Promise<void> {
  const remaining = await tx.addresses.listByUser(userId);
  if (remaining.some((address) => address.isDefault)) return;
  const newestFirst = remaining.toSorted((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  const heir = newestFirst.find((address) => address.id !== from) ?? newestFirst[0];
  if (heir) await tx.addresses.setDefault(userId, heir.id, at);
}

export function addressRoutes({ storage, clock, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const guard = [requireAuth(sessions), requireActive] as const;

  app.get('/addresses/', ...guard, async (c) => {
    const list = await storage.addresses.listByUser(c.get('auth').user.id);
    return c.json(list.map(addressView));
  });

  app.post('/addresses/', ...guard, async (c) => {
    const body = await readJsonBody(c, createSchema);
    checkPlace(body.region, body.district);
    const userId = c.get('auth').user.id;
    const now = clock.now();
    const created = await storage.transaction(async (tx) => {
      const count = await tx.addresses.countByUser(userId);
      if (count >= ADDRESSES_MAX_PER_USER) throw badRequest('too_many_addresses');
      const address: Address = {
        id: randomId(),
        userId,
        label: body.label ?? null,
        region: body.region,
        district: body.district,
        street: body.street,
        house: body.house,
        apartment: body.apartment ?? null,
        postalCode: body.postal_code ?? null,
        isDefault: false,
        createdAt: now,
        updatedAt: now,
      };
      await tx.addresses.insert(address);
      if (count === 0 || body.is_default === true) await tx.addresses.setDefault(userId, address.id, now);
      return tx.addresses.find(userId, address.id);
    });
    if (!created) throw notFound();
    return c.json(addressView(created), 201);
  });

  app.patch('/addresses/:id/', ...guard, async (c) => {
    const body = await readJsonBody(c, changeSchema);
    const userId = c.get('auth').user.id;
    const now = clock.now();
    const updated = await storage.transaction(async (tx) => {
      const address = await tx.addresses.find(userId, c.req.param('id'));
      if (!address) throw notFound();
      const next: Address = {
        ...address,
        label: body.label === undefined ? address.label : body.label,
        region: body.region ?? address.region,
        district: body.district ?? address.district,
        street: body.street ?? address.street,
        house: body.house ?? address.house,
        apartment: body.apartment === undefined ? address.apartment : body.apartment,
        postalCode: body.postal_code === undefined ? address.postalCode : body.postal_code,
        updatedAt: now,
      };
      // A new region needs a district of its own: the old one is checked against it too.
      if (body.region !== undefined || body.district !== undefined) checkPlace(next.region, next.district);
      await tx.addresses.update(next);
      if (body.is_default === true && !address.isDefault) await tx.addresses.setDefault(userId, address.id, now);
      if (body.is_default === false && address.isDefault) {
        await tx.addresses.update({ ...next, isDefault: false });
        await passDefaultOn(tx, userId, address.id, now);
      }
      return tx.addresses.find(userId, address.id);
    });
    if (!updated) throw notFound();
    return c.json(addressView(updated));
  });

  app.delete('/addresses/:id/', ...guard, async (c) => {
    const userId = c.get('auth').user.id;
    await storage.transaction(async (tx) => {
      if (!(await tx.addresses.remove(userId, c.req.param('id')))) throw notFound();
      await passDefaultOn(tx, userId, c.req.param('id'), clock.now());
    });
    return c.body(null, 204);
  });

  app.post('/addresses/:id/default/', ...guard, async (c) => {
    const userId = c.get('auth').user.id;
    const address = await storage.transaction(async (tx) => {
      if (!(await tx.addresses.find(userId, c.req.param('id')))) throw notFound();
      await tx.addresses.setDefault(userId, c.req.param('id'), clock.now());
      return tx.addresses.find(userId, c.req.param('id'));
    });
    if (!address) throw notFound();
    return c.json(addressView(address));
  });

  return app;
}
