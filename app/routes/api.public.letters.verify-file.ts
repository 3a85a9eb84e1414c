import { letterChecksMethodNotAllowed, verifyLetterFileApi } from '~/doors/citizen-services/letter-checks.server'
import { declare, LetterVerification, pdfFile, z } from '~/openapi/operations.server'

/** POST /api/public/letters/verify-file: the letter whose PDF this is, byte for byte. */
export const action = declare(verifyLetterFileApi, {
  method: 'post',
  tag: 'Public',
  summary: 'Verify a letter by its PDF file',
  description:
    'Multipart with `file`: 200 with the verification of the letter whose PDF has the same SHA-256, else 404 ' +
    '(counted toward the lookup throttle of reports). Without a file: 422 on `File`.',
  permissions: null,
  body: { multipart: z.object({ file: pdfFile() }) },
  ok: { status: 200, data: LetterVerification, message: 'Detail Data Letter' },
  fails: [404, 429],
})

export const loader = letterChecksMethodNotAllowed
