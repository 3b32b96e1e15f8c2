/**
 * The shape of a `PublicKeyCredential.toJSON()` (WebAuthn L3 §5.1.8) as the passkey routes take it:
 * strings of bounded length where the library decodes them, the rest passed on. What the strings hold
 * (client data, authenticator data, signature) is checked by lib/webauthn.ts.
 */
import type { PublicKeyCredentialJSON } from '../contract/passkeys.js';
import { v } from '../lib/validation.js';

/** Base64url of up to 16 KiB: far above any authenticator's attestation object or signature. */
const encoded = v.pipe(v.string('passkey_not_valid'), v.maxLength(22_000, 'passkey_not_valid'));

export const credentialSchema = v.object(
  {
    id: v.pipe(
      v.string('passkey_not_valid'),
      v.minLength(1, 'passkey_not_valid'),
      v.maxLength(1400, 'passkey_not_valid'),
    ),
    rawId: v.pipe(v.string('passkey_not_valid'), v.maxLength(1400, 'passkey_not_valid')),
    type: v.literal('public-key', 'passkey_not_valid'),
    response: v.looseObject(
      {
        clientDataJSON: encoded,
        attestationObject: v.optional(encoded),
        authenticatorData: v.optional(encoded),
        signature: v.optional(encoded),
        userHandle: v.optional(v.nullable(encoded)),
        transports: v.optional(
          v.pipe(
            v.array(v.pipe(v.string('passkey_not_valid'), v.maxLength(32, 'passkey_not_valid')), 'passkey_not_valid'),
            v.maxLength(8, 'passkey_not_valid'),
          ),
        ),
      },
      'passkey_not_valid',
    ),
    authenticatorAttachment: v.optional(v.pipe(v.string('passkey_not_valid'), v.maxLength(32, 'passkey_not_valid'))),
    clientExtensionResults: v.optional(v.record(v.string('passkey_not_valid'), v.unknown(), 'passkey_not_valid')),
  },
  'passkey_not_valid',
) satisfies v.GenericSchema<unknown, PublicKeyCredentialJSON>;
