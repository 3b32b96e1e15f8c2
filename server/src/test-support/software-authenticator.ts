/**
 * A software authenticator for the passkey tests: a P-256 key made with node:crypto, and the answers
 * of the two WebAuthn ceremonies built by hand (WebAuthn L3 §6.1 authenticator data, §6.5 the
 * attestation object in CBOR with `fmt: none`, §5.8.1 the client data, §6.3.3 the signature), so the
 * server's checks meet real bytes. The test says what goes wrong: the origin, the RP id, the counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** RFC 8949's deterministic encoding of the few types COSE keys and attestation objects use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

export interface CeremonyTweaks {
  origin?: string;
  rpId?: string;
  /** The counter to report; the authenticator's own next one unless given. */
  counter?: number;
  userVerified?: boolean;
  type?: string;
  /**
   * A ceremony inside a cross-origin frame (WebAuthn L3 §5.8.1, §5.10.5): `crossOrigin: true`, and
   * `topOrigin` the page around it when given (Safari sends none).
   */
  frame?: { topOrigin?: string };
}

export interface SoftwareAuthenticator {
  credentialId: string;
  counter: number;
  /** navigator.credentials.create()'s answer, as `toJSON()` gives it. */
  register(options: { challenge: string; user: { id: string } }, tweaks?: CeremonyTweaks): Record<string, unknown>;
  /** navigator.credentials.get()'s answer, as `toJSON()` gives it. */
  assert(options: { challenge: string }, tweaks?: CeremonyTweaks): Record<string, unknown>;
}

export function softwareAuthenticator(publicUrl: string, settings: { synced?: boolean } = {}): SoftwareAuthenticator {
  const url = new URL(publicUrl);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let userHandle = '';
  const backup = settings.synced ? FLAG_BE | FLAG_BS : 0;
  const authenticator: SoftwareAuthenticator = {
    credentialId: b64url(credentialId),
    counter: settings.synced ? 0 : 1,
    register(options, tweaks = {}) {
      userHandle = options.user.id;
      const clientData = clientDataOf('webauthn.create', options.challenge, url.origin, tweaks);
      const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const counter = tweaks.counter ?? authenticator.counter;
      const attested = Buffer.concat([
        Buffer.alloc(16),
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        cbor(coseKey),
      ]);
      const authData = Buffer.concat([authDataOf(tweaks, counter, FLAG_AT | backup), attested]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    assert(options, tweaks = {}) {
      const clientData = clientDataOf('webauthn.get', options.challenge, url.origin, tweaks);
      if (tweaks.counter === undefined && !settings.synced) authenticator.counter += 1;
      const authData = authDataOf(tweaks, tweaks.counter ?? authenticator.counter, backup);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };

  function authDataOf(tweaks: CeremonyTweaks, counter: number, extra: number): Buffer {
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV) | extra;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(tweaks.rpId ?? url.hostname), Buffer.from([flags]), count]);
  }
  return authenticator;
}

function clientDataOf(type: string, challenge: string, origin: string, tweaks: CeremonyTweaks): Buffer {
  const data = {
    type: tweaks.type ?? type,
    challenge,
    origin: tweaks.origin ?? origin,
    crossOrigin: tweaks.frame !== undefined,
    ...(tweaks.frame?.topOrigin === undefined ? {} : { topOrigin: tweaks.frame.topOrigin }),
  };
  return Buffer.from(JSON.stringify(data), 'utf8');
}
