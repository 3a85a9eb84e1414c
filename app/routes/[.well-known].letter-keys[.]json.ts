import { letterKeysFile } from '~/doors/citizen-services/letter-checks.server'

/** GET /.well-known/letter-keys.json: the village's letter keys (docs/decisions/076-letter-signing-keys.md). */
export const loader = letterKeysFile
