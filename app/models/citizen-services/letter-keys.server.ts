import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getEnv } from '~/utils/config.server'
import { currentScope, perVillage } from '~/utils/village-scope.server'

/**
 * The village's letter key (docs/api.md "Letters", docs/decisions/076-letter-signing-keys.md): an Ed25519 key pair
 * that signs the facts of every verification answer, so that a bank holding the answer and the published public key
 * can check it without trusting, or reaching, the site.
 *
 * Like the JWT secret it is generated once and kept out of the repository and the database: a PKCS#8 file in the data
 * folder, `letter-keys/<site>.pem` (`site` for one village, the village's id in regency mode, as its database file
 * is named), readable by the server's user only. Several processes starting at once agree on one (the file appears
 * whole or not at all: written aside, then linked into place). Keys retired by a rotation keep their public half in
 * `letter-keys/<site>.retired` (a `key_id public_key` line each) and stay published.
 */

export type LetterKey = { keyId: string; publicKey: string; privateKey: crypto.KeyObject }
export type PublishedKey = { key_id: string; alg: 'Ed25519'; public_key: string }

/** The folder of the letter keys (0700): the data folder's `letter-keys`. */
export const letterKeysDir = () => path.join(getEnv().DATA_DIR, 'letter-keys')

/** The file name of this village's key: `site` with one village, the village's id with REGENCY_HOST. */
const siteName = () => currentScope()?.id ?? 'site'

/** The raw 32 bytes of an Ed25519 public key, base64url (the JWK's `x`). */
const rawPublicKey = (key: crypto.KeyObject) => key.export({ format: 'jwk' }).x as string

/** A key's id: the first 16 characters of the SHA-256 of its raw public key, base64url (stable, and names no one). */
export const keyIdOf = (publicKey: string) =>
  crypto.createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('base64url').slice(0, 16)

function readKey(file: string): LetterKey {
  let privateKey: crypto.KeyObject
  try {
    privateKey = crypto.createPrivateKey(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error
    throw new Error(`${file} holds no usable letter key (restore it from a copy, or delete it to make a new one)`)
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 key`)
  const publicKey = rawPublicKey(crypto.createPublicKey(privateKey))
  return { keyId: keyIdOf(publicKey), publicKey, privateKey }
}

/** This village's key, made on first use when there is none. */
export function ensureLetterKey(dir = letterKeysDir(), site = siteName()): LetterKey {
  const file = path.join(dir, `${site}.pem`)
  if (fs.existsSync(file)) return readKey(file)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const { privateKey } = crypto.generateKeyPairSync('ed25519')
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
  fs.writeFileSync(aside, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  try {
    fs.linkSync(aside, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(aside, { force: true })
  }
  return readKey(file)
}

/** The public keys a rotation retired (`<site>.retired`), still published so that older answers check out. */
function retiredKeys(dir: string, site: string): PublishedKey[] {
  let text: string
  try {
    text = fs.readFileSync(path.join(dir, `${site}.retired`), 'utf8')
  } catch {
    return []
  }
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([keyId, publicKey]) => publicKey && /^[A-Za-z0-9_-]{43}$/.test(publicKey) && keyIdOf(publicKey) === keyId)
    .map(([keyId, publicKey]) => ({ key_id: keyId, alg: 'Ed25519' as const, public_key: publicKey }))
}

/** The village's key and its published list, read once per process and village (restart after a rotation). */
const villageKeys = perVillage('the letter key', () => {
  const dir = letterKeysDir()
  const site = siteName()
  const current = ensureLetterKey(dir, site)
  const published: PublishedKey[] = [
    { key_id: current.keyId, alg: 'Ed25519', public_key: current.publicKey },
    ...retiredKeys(dir, site).filter((key) => key.key_id !== current.keyId),
  ]
  return { current, published }
})

/** `GET /.well-known/letter-keys.json`: `{keys: [{key_id, alg, public_key}]}`, the current key first. */
export const publishedLetterKeys = () => ({ keys: villageKeys().published })

/** The text a verification answer signs: `number|issued_at|name|letter_type slug|village host`. */
export const signedLetterText = (facts: {
  number: string
  issuedAt: string
  name: string
  letterTypeSlug: string
  host: string
}) => [facts.number, facts.issuedAt, facts.name, facts.letterTypeSlug, facts.host].join('|')

/** Ed25519 signature (base64url) of `text` by the village's current key, and that key's id. */
export function signLetterText(text: string): { signature: string; key_id: string } {
  const { current } = villageKeys()
  return {
    signature: crypto.sign(null, Buffer.from(text, 'utf8'), current.privateKey).toString('base64url'),
    key_id: current.keyId,
  }
}
