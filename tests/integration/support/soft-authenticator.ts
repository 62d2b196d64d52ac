import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

/*
 * A software authenticator for the passkey tests: a P-256 key (ES256), "none" attestation, and the bytes
 * WebAuthn Level 2 lays out (§6.1 authenticator data, §6.5.1 attested credential data, §6.5.4 the "none"
 * attestation object, §6.3.3 the assertion signature over authenticatorData || SHA-256(clientDataJSON)).
 * It answers the options the service made, as navigator.credentials.create() / .get() would in a browser.
 */

const sha256 = (data: Uint8Array): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHash('sha256').update(data).digest());
const utf8 = (text: string) => isoUint8Array.fromUTF8String(text);
type Bytes = Uint8Array<ArrayBuffer>;
const b64 = (bytes: Bytes) => isoBase64URL.fromBuffer(bytes);

function uint32(value: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId: Bytes = new Uint8Array(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle = '';
  counter = 0;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Bytes {
    const jwk = this.publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    return isoCBOR.encode(
      new Map<number, number | Bytes>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Bytes {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): `origin` is where the browser says it ran (the service's, unless a test lies). */
  create(options: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const authData = isoUint8Array.concat([
      sha256(utf8(options.rp.id!)),
      new Uint8Array([UP | UV | AT]),
      uint32(this.counter),
      new Uint8Array(16), // AAGUID: none
      new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Bytes | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(); each assertion moves the signature counter on, as a real authenticator does. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    { origin = this.origin, counter = ++this.counter, userHandle = this.userHandle } = {},
  ): AuthenticationResponseJSON {
    const authenticatorData = isoUint8Array.concat([
      sha256(utf8(options.rpId!)),
      new Uint8Array([UP | UV]),
      uint32(counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      isoUint8Array.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(new Uint8Array(signature)),
        userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
