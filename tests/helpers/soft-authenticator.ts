import {createHash, generateKeyPairSync, randomBytes, sign} from 'node:crypto'
import {isoCBOR} from '@simplewebauthn/server/helpers'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

/*
 * A passkey in software, for function tests: what a platform authenticator answers to the
 * server's ceremonies (an ES256 key, attestation "none", user verified), built by the
 * WebAuthn spec's byte layout. The browser tests use Chromium's own virtual authenticator.
 */

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url')

/** User present, user verified; with attested credential data for a creation. */
const FLAGS = {get: 0x05, create: 0x45}

export function softAuthenticator(origin: string) {
  const {privateKey, publicKey} = generateKeyPairSync('ec', {namedCurve: 'P-256'})
  const {x, y} = publicKey.export({format: 'jwk'})
  const credentialId = randomBytes(16)
  const rpIdHash = sha256(new URL(origin).hostname)
  let counter = 0

  const authData = (flags: number, attested: Uint8Array = new Uint8Array()) => {
    const head = Buffer.alloc(37)
    rpIdHash.copy(head)
    head[32] = flags
    head.writeUInt32BE(counter, 33)
    return Buffer.concat([head, attested])
  }
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({type, challenge, origin, crossOrigin: false}))

  return {
    id: b64url(credentialId),

    create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(x ?? '', 'base64url')],
          [-3, Buffer.from(y ?? '', 'base64url')],
        ]),
      )
      const length = Buffer.alloc(2)
      length.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey])
      const attestation = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData(FLAGS.create, attested)],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },

    get(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
      counter++
      const data = authData(FLAGS.get)
      const client = clientData('webauthn.get', options.challenge)
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      }
    },
  }
}
