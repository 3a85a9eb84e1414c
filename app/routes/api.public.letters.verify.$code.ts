import { letterChecksMethodNotAllowed, verifyLetterApi } from '~/doors/citizen-services/letter-checks.server'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { LetterVerification, z } from '~/openapi/operations.server'

/** GET /api/public/letters/verify/{code}: whether a letter is genuine and stands, signed by the village's key. */
export const loader = declare(verifyLetterApi, {
  ...get('Verify a letter by its verification code', PUBLIC),
  params: z.object({
    code: z.string().openapi({ description: 'The letter’s verification code', example: 'q7k2mp9xr4tv' }),
  }),
  ...ok(LetterVerification, 'Detail Data Letter', 429),
  description:
    '`status` is `berlaku` or `dicabut`. `signature` is the Ed25519 signature (base64url) of `signed` by the key ' +
    '`key_id` of /.well-known/letter-keys.json. An unknown code is a 404 and counts toward the lookup throttle of ' +
    'reports (20 failures in 15 minutes, then 429). Never cached.',
})

export const action = letterChecksMethodNotAllowed
