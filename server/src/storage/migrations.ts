/**
 * Schema migrations, applied in order at start. Written with Kysely's schema builder only, so the
 * same list runs on SQLite and PostgreSQL. A released migration is never edited: add a new one.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { bytesColumnType } from './dialect.js';

const migrations: Record<string, Migration> = {
  '0001_accounts_codes_sessions': {
    // Migrations see the schema as it was then, not today's types (Kysely's advice: Kysely<any>).
    // oxlint-disable-next-line typescript/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('phone', 'text', (col) => col.unique())
        .addColumn('email', 'text')
        .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (col) => col.notNull())
        .addColumn('last_name', 'text', (col) => col.notNull())
        .addColumn('is_inactivated', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('password_changed_at', 'bigint')
        .execute();
      // A verified e-mail belongs to one account; an unverified one blocks nobody.
      await db.schema
        .createIndex('users_verified_email')
        .on('users')
        .column('email')
        .unique()
        .where(sql.ref('email_verified'), '=', 1)
        .execute();

      await db.schema
        .createTable('otp_codes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('contact_type', 'text', (col) => col.notNull())
        .addColumn('contact', 'text', (col) => col.notNull())
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('closed_at', 'bigint')
        .addColumn('close_reason', 'text')
        .execute();
      await db.schema.createIndex('otp_codes_contact').on('otp_codes').columns(['contact', 'created_at']).execute();
      await db.schema.createIndex('otp_codes_ip').on('otp_codes').columns(['ip', 'created_at']).execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('request_hash', 'text', (col) => col.notNull().unique())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('contact_type', 'text', (col) => col.notNull())
        .addColumn('contact', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('source', 'text')
        .addColumn('product_source', 'text')
        .addColumn('oauth_client_id', 'text')
        .addColumn('save', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('end_reason', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_device').on('sessions').column('device_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('parent_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('rotated_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('last_failure_at', 'bigint', (col) => col.notNull())
        .addColumn('locked_until', 'bigint')
        .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'key'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('code', 'text')
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();

      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (col) => col.primaryKey())
        .addColumn('alg', 'text', (col) => col.notNull())
        .addColumn('private_jwk', 'text', (col) => col.notNull())
        .addColumn('public_jwk', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('retired_at', 'bigint')
        .execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },

  '0002_oauth_clients': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('logo_url', 'text')
        .addColumn('home_page', 'text')
        .addColumn('redirect_uris', 'text', (col) => col.notNull())
        .addColumn('web_origins', 'text', (col) => col.notNull())
        .addColumn('scopes', 'text', (col) => col.notNull())
        .addColumn('first_party', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('secret_hash', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('oauth_clients_kind', sql`kind in ('public', 'confidential')`)
        // RFC 6749 §2.1: a public client cannot keep a secret, so none is ever recorded for one.
        .addCheckConstraint('oauth_clients_public_no_secret', sql`kind = 'confidential' or secret_hash is null`)
        .execute();
    },
  },

  '0003_oauth_provider': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // SQLite adds one column per ALTER TABLE statement.
      await db.schema
        .alterTable('oauth_clients')
        .addColumn('post_logout_redirect_uris', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      // Every session so far is a sign-in to Kirish itself: 'sso'.
      await db.schema
        .alterTable('sessions')
        .addColumn('kind', 'text', (col) =>
          col
            .notNull()
            .defaultTo('sso')
            .check(sql`kind in ('sso', 'oauth')`),
        )
        .execute();
      await db.schema.alterTable('sessions').addColumn('scope', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('auth_time', 'bigint').execute();

      await db.schema
        .createTable('authorization_codes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('code_hash', 'text', (col) => col.notNull().unique())
        .addColumn('client_id', 'text', (col) => col.notNull().references('oauth_clients.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('nonce', 'text')
        .addColumn('sso_session_id', 'text', (col) => col.notNull())
        .addColumn('auth_time', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        // No foreign key: the code is marked used before its session row is written, in one transaction.
        .addColumn('session_id', 'text')
        // RFC 7636 §4.2: only S256 is ever stored (OAuth 2.1 §4.1.1 forbids plain where S256 is possible).
        .addCheckConstraint(
          'authorization_codes_s256',
          sql`code_challenge_method is null or code_challenge_method = 'S256'`,
        )
        .execute();

      await db.schema
        .createTable('oauth_grants')
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (col) => col.notNull().references('oauth_clients.id').onDelete('cascade'))
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('oauth_grants_pk', ['user_id', 'client_id', 'scope'])
        .execute();
    },
  },

  '0004_personal': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Every field GET /user/MyProfile shows lives on the account's row (issue 5). The security
      // endpoints write secondary_*, inactivated_at and erase_at; the personal ones the rest.
      const users = () => db.schema.alterTable('users');
      await users().addColumn('middle_name', 'text').execute();
      // Lower-cased; unique among the accounts that have one (NULLs never collide).
      await users().addColumn('username', 'text').execute();
      // 'YYYY-MM-DD': a calendar date, not a moment, so no time zone can shift it.
      await users().addColumn('birth_date', 'text').execute();
      await users()
        .addColumn('gender', 'text', (col) => col.check(sql`gender in ('male', 'female')`))
        .execute();
      // The image source (avatars/<random>.webp) under the uploads folder, never a path.
      await users().addColumn('photo', 'text').execute();
      await users()
        .addColumn('verification_status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('not_verified')
            .check(sql`verification_status in ('not_verified', 'in_moderation', 'verified', 'failed')`),
        )
        .execute();
      await users().addColumn('secondary_phone', 'text').execute();
      await users().addColumn('secondary_email', 'text').execute();
      await users().addColumn('inactivated_at', 'bigint').execute();
      await users().addColumn('erase_at', 'bigint').execute();
      await db.schema.createIndex('users_username').on('users').column('username').unique().execute();

      await db.schema
        .createTable('addresses')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text')
        .addColumn('region', 'text', (col) => col.notNull())
        .addColumn('district', 'text', (col) => col.notNull())
        .addColumn('street', 'text', (col) => col.notNull())
        .addColumn('house', 'text', (col) => col.notNull())
        .addColumn('apartment', 'text')
        .addColumn('postal_code', 'text')
        .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();
      // At most one default address per account, whatever a bug upstream might try.
      await db.schema
        .createIndex('addresses_one_default')
        .on('addresses')
        .column('user_id')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();
    },
  },

  '0005_security': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // A secondary contact belongs to one account; the handlers also keep it off everyone's primary.
      await db.schema.createIndex('users_secondary_phone').on('users').column('secondary_phone').unique().execute();
      await db.schema.createIndex('users_secondary_email').on('users').column('secondary_email').unique().execute();
      await db.schema.createIndex('users_erase_at').on('users').column('erase_at').execute();

      // The account a signed-in section's request id was issued to (null: sign-in, sign-up, reset).
      await db.schema
        .alterTable('verifications')
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('session_id', 'text')
        .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('audit_events_user').on('audit_events').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('step_up_proofs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('proof_hash', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  },

  '0006_parallel_limits': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Sign-in attempts counted before their password is checked (issue 10 §2, login-throttle.ts):
      // how many are being checked now, and until when such a reservation counts at all.
      await db.schema
        .alterTable('login_throttle')
        .addColumn('pending', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('login_throttle').addColumn('pending_until', 'bigint').execute();

      // One row per limited key (a contact, a client address). A transaction that counts against a
      // limit writes its key's row first: on PostgreSQL that row lock makes concurrent counts of one
      // key wait for each other until commit; SQLite has one writer anyway.
      await db.schema
        .createTable('limit_locks')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('taken_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('limit_locks_pk', ['scope', 'key'])
        .execute();
    },
  },

  '0007_developer_apps': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Apps people register in the Developers section (issue 11). Seeded and operator clients have
      // no owner; an account's apps go with the account when it is erased.
      const clients = () => db.schema.alterTable('oauth_clients');
      await clients()
        .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .execute();
      await clients().addColumn('privacy_policy_url', 'text').execute();
      await clients().addColumn('terms_url', 'text').execute();
      await clients().addColumn('secret_created_at', 'bigint').execute();
      await db.schema
        .createIndex('oauth_clients_owner')
        .on('oauth_clients')
        .columns(['owner_id', 'created_at'])
        .execute();
      // Ending every OAuth session of a deleted app looks its sessions up by client.
      await db.schema.createIndex('sessions_oauth_client').on('sessions').column('oauth_client_id').execute();
    },
  },

  '0008_shared_limits_jobs_keys': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Fixed-window counters per (scope, key) that every instance counts in (issue 13,
      // services/rate-limiter.ts): one row per limited key, counted by a single upsert.
      await db.schema
        .createTable('rate_windows')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('rate_windows_pk', ['scope', 'key'])
        .execute();
      // The hourly sweep drops windows by their start.
      await db.schema.createIndex('rate_windows_start').on('rate_windows').column('window_start').execute();

      // One row per background job: who runs it now, until when, and when a run last finished, so
      // that a job runs once per interval across every instance (services/job-runner.ts).
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('holder', 'text', (col) => col.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('last_run_at', 'bigint')
        .execute();

      // A rotated-in key is published before it signs (services/signing-key-store.ts). Existing keys
      // signed from their creation.
      await db.schema.alterTable('signing_keys').addColumn('activates_at', 'bigint').execute();
      await db
        .updateTable('signing_keys')
        .set({ activates_at: sql.ref('created_at') })
        .execute();
    },
  },

  '0009_login_waiters': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Until when a sign-in attempt refused for the attempts under way at a key waits for them
      // (services/login-throttle.ts): whoever decides an attempt there tells the other instances
      // only while one may be waiting, not on every sign-in.
      await db.schema.alterTable('login_throttle').addColumn('waited_until', 'bigint').execute();
    },
  },

  '0010_images': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // The profile photos and app logos, every stored size a row (storage/image-storage.ts): in the
      // database all instances share, not on one machine's disk. Those an earlier release kept in
      // files are copied in at start (services/photo-store.ts, importPhotoFiles).
      await db.schema
        .createTable('images')
        .addColumn('source', 'text', (column) => column.notNull())
        .addColumn('size', 'text', (column) => column.notNull())
        .addColumn('data', bytesColumnType(db), (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('images_pk', ['source', 'size'])
        .execute();
    },
  },

  '0011_frame_sessions': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // A partner's frame that joins a sign-in of this browser gets a session of its own (issue 33,
      // docs/fedcm.md): the sign-in it came from, which ends it when it ends, and the partner's origin
      // the sessions page names.
      await db.schema.alterTable('sessions').addColumn('parent_session_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('partner_origin', 'text').execute();
      await db.schema.createIndex('sessions_parent').on('sessions').column('parent_session_id').execute();
    },
  },

  '0012_spent_code_sweep': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // The hourly `sweep_spent_codes` job drops codes, request ids and step-up proofs (the frame's
      // nonces among them) a day after they expired (issue 33): it finds them by their expiry.
      await db.schema.createIndex('otp_codes_expires').on('otp_codes').column('expires_at').execute();
      await db.schema.createIndex('verifications_expires').on('verifications').column('expires_at').execute();
      await db.schema.createIndex('step_up_proofs_expires').on('step_up_proofs').column('expires_at').execute();
    },
  },

  '0013_social_sign_in': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Social sign-in (issue 36, storage/social-storage.ts). The account keeps how it was made
      // (docs/product.md §3's registration kind) and the PINFL OneID vouched for.
      await db.schema.alterTable('users').addColumn('registration_kind', 'integer').execute();
      await db.schema.alterTable('users').addColumn('pinfl', 'text').execute();
      await db.schema.createIndex('users_pinfl').on('users').column('pinfl').execute();
      await db.schema
        .createTable('linked_identities')
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('display', 'text')
        .addColumn('linked_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('linked_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('linked_identities_user').on('linked_identities').column('user_id').execute();
      // The state is stored as its hash: a copy of the table does not finish anyone's flow.
      await db.schema
        .createTable('social_flows')
        .addColumn('state_hash', 'text', (col) => col.primaryKey())
        .addColumn('binding_hash', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text')
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('popup', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('apple_user', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('social_flows_expires').on('social_flows').column('expires_at').execute();
      await db.schema
        .createTable('pending_links')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('binding_hash', 'text', (col) => col.notNull())
        .addColumn('identity', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('contact_type', 'text', (col) => col.notNull())
        .addColumn('contact', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('pending_links_user').on('pending_links').column('user_id').execute();
      await db.schema.createIndex('pending_links_expires').on('pending_links').column('expires_at').execute();
    },
  },

  '0014_sms_messages': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Each code handed to an SMS gateway and what became of it (issue 37, storage/sms-message-storage.ts):
      // the masked phone only. A delivery report names the message by the gateway's id or by Kirish's.
      await db.schema
        .createTable('sms_messages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('gateway', 'text', (col) => col.notNull())
        .addColumn('gateway_message_id', 'text')
        .addColumn('phone_masked', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text')
        .addColumn('code_id', 'text')
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('delivered_at', 'bigint')
        .addColumn('failed_at', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('sms_messages_gateway_id')
        .on('sms_messages')
        .columns(['gateway', 'gateway_message_id'])
        .execute();
      await db.schema.createIndex('sms_messages_created').on('sms_messages').column('created_at').execute();
    },
  },

  '0015_help_feedback': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // The help centre's "was this helpful?" (issue 38, storage/help-feedback-storage.ts): one counter per
      // article, locale and answer; who answered is not kept.
      await db.schema
        .createTable('help_feedback')
        .addColumn('article_id', 'text', (col) => col.notNull())
        .addColumn('locale', 'text', (col) => col.notNull())
        .addColumn('helpful', 'integer', (col) => col.notNull())
        .addColumn('votes', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('help_feedback_pk', ['article_id', 'locale', 'helpful'])
        .execute();
    },
  },

  '0016_complaints_validation': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Complaints (issue 38, storage/complaint-storage.ts): the number people speak of is unique; the
      // thread and the attachments' bytes beside it, in the database so every instance serves them.
      await db.schema
        .createTable('complaints')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('number', 'bigint', (col) => col.notNull().unique())
        .addColumn('user_id', 'text')
        .addColumn('contact_type', 'text', (col) => col.notNull())
        .addColumn('contact', 'text', (col) => col.notNull())
        .addColumn('locale', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('new', 'in_progress', 'answered', 'closed')`),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('complaints_user').on('complaints').columns(['user_id', 'number']).execute();
      await db.schema.createIndex('complaints_status').on('complaints').columns(['status', 'number']).execute();
      await db.schema
        .createTable('complaint_messages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('complaint_id', 'text', (col) => col.notNull())
        .addColumn('author', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('complaint_messages_complaint')
        .on('complaint_messages')
        .column('complaint_id')
        .execute();
      await db.schema
        .createTable('complaint_attachments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('complaint_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('data', bytesColumnType(db), (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('complaint_attachments_complaint')
        .on('complaint_attachments')
        .column('complaint_id')
        .execute();
      // Identity validation (issue 38): the status stays on `users` (0004); its reference and reason here.
      await db.schema
        .createTable('identity_validations')
        .addColumn('user_id', 'text', (col) => col.primaryKey())
        .addColumn('reference', 'text', (col) => col.notNull())
        .addColumn('reason', 'text')
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },

  '0017_qr_login': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Sign-in by QR (issue 39, storage/qr-login-storage.ts): the request a browser shows and a phone
      // approves. The browser's secret is kept only as its hash; no token is kept at all (they are made
      // when the browser takes them, services/qr-login.ts).
      await db.schema
        .createTable('qr_login_requests')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('secret_hash', 'text', (col) => col.notNull())
        .addColumn('number', 'text', (col) => col.notNull())
        .addColumn('numbers', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('place', 'text')
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('save', 'integer', (col) => col.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema.createIndex('qr_login_requests_expires').on('qr_login_requests').column('expires_at').execute();
    },
  },

  // Payments (issue 40): saved cards as the processor's token and what it shows masked, never a full
  // number; partners' bills and their payment; the webhooks that tell a partner the outcome.
  '0018_payments': {
    async up(db) {
      await db.schema
        .createTable('payment_cards')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('token', 'text', (col) => col.notNull())
        .addColumn('masked_number', 'text', (col) => col.notNull())
        .addColumn('brand', 'text', (col) => col.notNull())
        .addColumn('expire_month', 'integer', (col) => col.notNull())
        .addColumn('expire_year', 'integer', (col) => col.notNull())
        .addColumn('masked_phone', 'text', (col) => col.notNull())
        .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('verified_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('payment_cards_user')
        .on('payment_cards')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('payment_receipts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('order_id', 'text', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('return_url', 'text', (col) => col.notNull())
        .addColumn('webhook_url', 'text')
        .addColumn('processor_receipt_id', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'paying', 'paid', 'cancelled', 'failed')`),
        )
        .addColumn('user_id', 'text')
        .addColumn('card_id', 'text')
        .addColumn('card_brand', 'text')
        .addColumn('card_masked_number', 'text')
        .addColumn('pay_key', 'text')
        .addColumn('pay_started_at', 'bigint')
        .addColumn('failure', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // One bill per partner and order (an index, named alike on both databases).
      await db.schema
        .createIndex('payment_receipts_order')
        .on('payment_receipts')
        .columns(['client_id', 'order_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('payment_receipts_user')
        .on('payment_receipts')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('payment_webhooks')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('receipt_id', 'text', (col) => col.notNull())
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_status', 'integer')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema.createIndex('payment_webhooks_receipt').on('payment_webhooks').column('receipt_id').execute();
    },
  },

  '0019_passkeys_two_step': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Passkeys and two-step verification (issue 41, storage/passkey-storage.ts, two-step-storage.ts).
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull())
        .addColumn('transports', 'text', (col) => col.notNull())
        .addColumn('backup_eligible', 'integer', (col) => col.notNull())
        .addColumn('backup_state', 'integer', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      // The challenge is stored as its hash: a copy of the table answers no ceremony.
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge_hash', 'text', (col) => col.primaryKey())
        .addColumn('binding_hash', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_expires')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('totp_secrets')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('sealed_secret', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('last_step', 'bigint')
        .execute();
      await db.schema.createIndex('totp_secrets_user').on('totp_secrets').column('user_id').execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
      await db.schema
        .createTable('second_steps')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('binding_hash', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('first_method', 'text', (col) => col.notNull())
        .addColumn('save', 'integer', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('second_steps_expires').on('second_steps').column('expires_at').execute();
    },
  },

  '0020_amr': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // How a sign-in was made, for the ID token's `amr` and `acr` (issue 41, docs/partners.md): JSON arrays
      // of RFC 8176 values. Rows from before stay null: no claim, never a guess.
      await db.schema.alterTable('sessions').addColumn('amr', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('acr', 'text').execute();
      await db.schema.alterTable('authorization_codes').addColumn('amr', 'text').execute();
      await db.schema.alterTable('authorization_codes').addColumn('acr', 'text').execute();
      await db.schema.alterTable('second_steps').addColumn('first_amr', 'text').execute();
    },
  },
  // Issue 41: a sign-in challenge asked for inside a partner's frame names the client the embed is
  // for, whose web origins the answer's topOrigin must be one of (lib/webauthn.ts); null elsewhere.
  '0021_webauthn_challenge_client': {
    async up(db) {
      await db.schema.alterTable('webauthn_challenges').addColumn('client_id', 'text').execute();
    },
  },
  '0022_reviews': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Reviews, companies and their claims (issue 42, storage/review-storage.ts, docs/reviews.md).
      await db.schema
        .createTable('review_companies')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('logo_path', 'text')
        .addColumn('taxpayer_number', 'text', (col) => col.unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('company_claims')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('company_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('in_moderation', 'approved', 'rejected')`),
        )
        .addColumn('reason', 'text')
        .addColumn('proof_name', 'text', (col) => col.notNull())
        .addColumn('proof_media_type', 'text', (col) => col.notNull())
        .addColumn('proof_size', 'bigint', (col) => col.notNull())
        .addColumn('proof_data', bytesColumnType(db), (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('company_claims_user')
        .on('company_claims')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('company_claims_company')
        .on('company_claims')
        .columns(['company_id', 'status'])
        .execute();
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('company_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('rating_halves', 'integer', (col) => col.notNull().check(sql`rating_halves between 2 and 10`))
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('attachments', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('published', 'in_moderation', 'rejected')`),
        )
        .addColumn('reason', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('edited_at', 'bigint')
        .execute();
      await db.schema.createIndex('reviews_user').on('reviews').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('reviews_company').on('reviews').columns(['company_id', 'status']).execute();
      await db.schema
        .createTable('review_replies')
        .addColumn('review_id', 'text', (col) => col.primaryKey())
        .addColumn('company_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('review_votes')
        .addColumn('review_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
        .execute();
    },
  },
  '0023_hissa': {
    // oxlint-disable-next-line typescript/no-explicit-any -- the schema as it was then (see 0001)
    async up(db: Kysely<any>) {
      // Hissa: a mahalla's community projects and the contributions to them (issue 42,
      // storage/hissa-storage.ts, docs/hissa.md). Amounts in tiyin, as payment_receipts'.
      await db.schema
        .createTable('hissa_projects')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('region', 'text', (col) => col.notNull())
        .addColumn('district', 'text', (col) => col.notNull())
        .addColumn('goal', 'bigint', (col) => col.notNull())
        .addColumn('raised_offline', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('contributors_offline', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('deadline', 'bigint', (col) => col.notNull())
        .addColumn('cover_path', 'text')
        .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'closed')`))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('hissa_projects_place')
        .on('hissa_projects')
        .columns(['region', 'district'])
        .execute();
      await db.schema
        .createTable('hissa_updates')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('project_id', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('hissa_updates_project')
        .on('hissa_updates')
        .columns(['project_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('hissa_contributions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('project_id', 'text', (col) => col.notNull())
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('receipt_id', 'text', (col) => col.notNull().unique())
        .addColumn('pay_key', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('hissa_contributions_once')
        .on('hissa_contributions')
        .columns(['user_id', 'pay_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('hissa_contributions_user')
        .on('hissa_contributions')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('hissa_contributions_project')
        .on('hissa_contributions')
        .column('project_id')
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// oxlint-disable-next-line typescript/no-explicit-any -- the Migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<{ newer: string[] }> {
  // A newer release ran first (a rolling upgrade, then this older instance restarted): its
  // migrations only add (docs/deploy.md, Upgrading), so this release runs on that schema as it is.
  // Kysely's migrator would refuse it as corrupted. Missing ones of its own as well: refused.
  const status = await migrationStatus(db);
  if (status.unknown.length > 0) {
    if (status.pending.length === 0) return { newer: status.unknown };
    throw new Error(
      `Database migrations of a newer release (${status.unknown.join(', ')}) are applied but this release's ${status.pending.join(', ')} are not: start the newer release`,
    );
  }
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return { newer: [] };
}

/**
 * How the database's schema compares with this release's migrations, for GET /readyz (issue 13):
 * those not applied yet, and those applied that this release does not know (a newer release ran).
 * Reading it is a query, so it also tells that the database answers.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- the Migrator works on any schema
export async function migrationStatus(db: Kysely<any>): Promise<{ pending: string[]; unknown: string[] }> {
  const known = await new Migrator({ db, provider }).getMigrations();
  const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length === known.length) return { pending, unknown: [] };
  const applied = await db.selectFrom('kysely_migration').select('name').execute();
  const names = new Set(known.map((migration) => migration.name));
  return { pending, unknown: applied.map((row: { name: string }) => row.name).filter((name) => !names.has(name)) };
}
