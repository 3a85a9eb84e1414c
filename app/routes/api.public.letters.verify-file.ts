import { letterChecksMethodNotAllowed, verifyLetterFileApi } from '~/doors/citizen-services/letter-checks.server'
import { declare, post, ok, multipart, PUBLIC } from '~/openapi/declare.server'
import { LetterVerification, pdfFile, z } from '~/openapi/operations.server'

/** POST /api/public/letters/verify-file: the letter whose PDF this is, byte for byte. */
export const action = declare(verifyLetterFileApi, {
  ...post('Verify a letter by its PDF file', PUBLIC, multipart(z.object({ file: pdfFile() }))),
  ...ok(LetterVerification, 'Detail Data Letter', 404, 429),
  description:
    'Multipart with `file`: 200 with the verification of the letter whose PDF has the same SHA-256, else 404 ' +
    '(counted toward the lookup throttle of reports). Without a file: 422 on `File`.',
})

export const loader = letterChecksMethodNotAllowed
