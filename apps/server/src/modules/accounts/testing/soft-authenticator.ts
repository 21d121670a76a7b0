/**
 * A software passkey for the tests (issue 38): a P-256 key made with node:crypto, and the browser's answers
 * built by hand as a real authenticator and browser would (clientDataJSON, a "none" attestation object with
 * its authenticator data and COSE key, an assertion's authenticator data and DER signature). Each answer
 * can be bent (another origin, a counter going back, no user verification) to test the server's refusals.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest();

/** A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps. */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}
type Cbor = number | string | Buffer | Map<number | string, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter, 0);
  return bytes;
}

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type Bend = {
  /** The origin the browser puts in clientDataJSON (default: the relying party's). */
  origin?: string;
  /** The RP ID whose hash the authenticator signs (default: the relying party's). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Whether the holder was verified (fingerprint, PIN); default yes. */
  userVerified?: boolean;
  /** Another challenge than the options' (default: the options'). */
  challenge?: string;
};

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Buffer;
  private counter = 0;
  /** The user handle the passkey was made for (the registration options' user.id). */
  userHandle = '';

  /** `origin`: the site's origin, e.g. http://localhost:3000 (its host is the RP ID). */
  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coordinate = (v: string | undefined) => Buffer.from(v ?? '', 'base64url');
    this.coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private rpIdHash(bend: Bend) {
    return sha256(bend.rpId ?? new URL(this.origin).hostname);
  }

  private clientData(type: string, challenge: string, bend: Bend) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create(options), as @simplewebauthn/browser hands it to the server. */
  register(options: { challenge: string; user?: { id?: string } }, bend: Bend = {}) {
    this.userHandle = options.user?.id ?? '';
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, bend);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length, 0);
    const authData = Buffer.concat([
      this.rpIdHash(bend),
      Buffer.from([UP | (bend.userVerified === false ? 0 : UV) | AT]),
      counterBytes(bend.counter ?? this.counter),
      Buffer.alloc(16), // aaguid: none
      idLength,
      this.credentialId,
      this.coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(options): a signature over a challenge; the counter moves on by one. */
  assert(options: { challenge: string }, bend: Bend = {}) {
    const counter = bend.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const authData = Buffer.concat([
      this.rpIdHash(bend),
      Buffer.from([UP | (bend.userVerified === false ? 0 : UV)]),
      counterBytes(counter),
    ]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
