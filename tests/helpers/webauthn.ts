import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import * as passkeys from '#shared/api/passkeys.ts';
import type { Api } from './api';

/**
 * A software authenticator for API tests: an ES256 key made with node:crypto, and the attestation and
 * assertion answers a browser would send (clientDataJSON, CBOR authenticator data, DER signature), so the
 * server's real WebAuthn verification runs on them. Each ceremony can be bent the ways an attacker or a
 * broken authenticator would: another origin, another RP ID, a given counter, no user verification.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

export interface CeremonyOverrides {
  /** The origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** The RP ID whose hash goes in the authenticator data (default: the options', else the authenticator's). */
  rpId?: string;
  /** The signature counter to report (default: the next one, or 0 for an authenticator that does not count). */
  counter?: number;
  /** Report user verification (default true). */
  userVerified?: boolean;
  /** The challenge to sign (default: the options'). */
  challenge?: string;
  /** The client data type (default webauthn.create / webauthn.get). */
  type?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle: string | undefined;

  constructor(
    readonly settings: {
      origin: string;
      rpId: string;
      /** Whether it keeps a signature counter (false: always 0, as many platform authenticators). */
      counts?: boolean;
      /** Backup-eligible and backed up (a synced passkey). */
      synced?: boolean;
    },
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, counter: number, userVerified: boolean, attested: boolean): Buffer {
    let flags = FLAG_UP;
    if (userVerified) flags |= FLAG_UV;
    if (this.settings.synced) flags |= FLAG_BE | FLAG_BS;
    if (attested) flags |= FLAG_AT;
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    if (!attested) return head;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey())]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private nextCounter(overrides: CeremonyOverrides): number {
    if (overrides.counter !== undefined) return overrides.counter;
    if (!this.settings.counts) return 0;
    this.counter += 1;
    return this.counter;
  }

  /** The answer of `navigator.credentials.create(options)`. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const rpId = overrides.rpId ?? options.rp.id ?? this.settings.rpId;
    const counter = this.nextCounter(overrides);
    const authData = this.authData(rpId, counter, overrides.userVerified ?? true, true);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    const clientData = this.clientData(
      overrides.type ?? 'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.settings.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer of `navigator.credentials.get(options)`, signed with this authenticator's key. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    const rpId = overrides.rpId ?? options.rpId ?? this.settings.rpId;
    const counter = this.nextCounter(overrides);
    const authData = this.authData(rpId, counter, overrides.userVerified ?? true, false);
    const clientData = this.clientData(
      overrides.type ?? 'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.settings.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}

/** The test app's relying party (PUBLIC_URL defaults to http://localhost:3000). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** A caller of the contract with a signed-in person's token (a Member's `api`). */
interface Caller {
  call: Api['call'];
}

/** Adds a passkey to the signed-in person through both steps of the ceremony. */
export async function addSoftPasskey(
  caller: Caller,
  name = 'Laptop',
  authenticator = new SoftAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' }),
): Promise<{ id: string; authenticator: SoftAuthenticator }> {
  const options = await caller.call(passkeys.passkeyRegistrationOptions);
  const added = await caller.call(passkeys.addPasskey, {
    body: { name, response: authenticator.register(options.data as unknown as PublicKeyCredentialCreationOptionsJSON) },
  });
  return { id: added.data.id, authenticator };
}

/** An assertion answering a fresh re-authentication challenge of the signed-in person. */
export async function reauthAssertion(caller: Caller, authenticator: SoftAuthenticator) {
  const options = await caller.call(passkeys.passkeyReauthOptions);
  return authenticator.assert(options.data as unknown as PublicKeyCredentialRequestOptionsJSON);
}
