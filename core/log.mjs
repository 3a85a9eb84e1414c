import cluster from 'node:cluster'
import pino from 'pino'

/** The levels LOG_LEVEL accepts (core/env.mjs names a wrong one at start-up). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * What no log line may hold (docs/decisions/058-secrets-out-of-logs.md), in one list: each pattern's match becomes its
 * `as` in every line the server writes, whatever field, message or error stack it sits in (`redactSecrets`, run on
 * the finished line). A new secret-bearing address or query is one more entry here, and a case in
 * tests/unit/log-redaction.test.ts. The patterns run on the line's JSON text: no match may take in a `"` or a `\`,
 * so a replacement never breaks the JSON.
 */
/**
 * `word` as a pattern that also matches any of its characters percent-encoded, in either case (`/pr%61tinjau/`,
 * `/PR%41TINJAU/`): the router decodes and ignores case before it matches a route, so such a path opens the link too.
 */
const spelled = (/** @type {string} */ word) =>
  [...word]
    .map((char) => {
      const lower = char.toLowerCase().charCodeAt(0).toString(16)
      const upper = char.toUpperCase().charCodeAt(0).toString(16)
      return `(?:${char === '-' ? '\\-' : char}|%${lower}|%${upper})`
    })
    .join('')

export const SECRET_PATTERNS = [
  // A password-reset link's token (`/reset-password/<token>`, also Remix's `<token>.data`; a new village's
  // `admin_reset_url` is such a link): a password until it is used or expires. Route matching ignores case, so do
  // these.
  {
    pattern: new RegExp(`((?:/|%2F)${spelled('reset-password')}(?:/|%2F))[^/\\s"'?#<>\\\\]+`, 'gi'),
    as: '$1[redacted]',
  },
  // A preview link's token (`/pratinjau/<token>`, also `<token>.data`): it opens a draft for 7 days. Both also as a
  // query value would carry them, percent-encoded (`%2Fpratinjau%2F<token>`).
  {
    pattern: new RegExp(`((?:/|%2F)${spelled('pratinjau')}(?:/|%2F))[^/\\s"'?#<>\\\\]+`, 'gi'),
    as: '$1[redacted]',
  },
  // A letter's verification code (`/verifikasi/<code>`, `/api/public/letters/verify/<code>`, also `<code>.data`): it
  // shows the letter's holder's name to whoever has it, so it is the letter's, not the log's.
  {
    pattern: new RegExp(
      `((?:/|%2F)(?:${spelled('verifikasi')}|${spelled('letters')}(?:/|%2F)${spelled('verify')})(?:/|%2F))[^/\\s"'?#<>\\\\]+`,
      'gi',
    ),
    as: '$1[redacted]',
  },
  // Query values that are secrets wherever an address carries them: a report's tracking code (`code` of the public
  // API, `kode` of /layanan/lacak), a token or password a client put in a query.
  { pattern: /([?&](?:code|kode|tracking_code|token|password)=)[^&#\s"'<>\\]*/gi, as: '$1[redacted]' },
  // A NIK (Nomor Induk Kependudukan, a letter request's): 16 digits, not inside a longer word or number. Before the
  // phone pattern, which would take some of them for a phone number.
  { pattern: /(?<=^|[^\w.:/+-]|\\[nrt])\d{16}(?![\w-])/g, as: '[nik]' },
  // An e-mail address (a citizen's, an account's: a mail error names its recipient).
  { pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, as: '[email]' },
  // A phone number as a citizen gives one (digits, spaces and dashes, maybe a leading +): 0, 62 or +62 and 8 to 14
  // more digits, not inside a longer word or number (a request id, a time, a line:column); in the line's JSON text a
  // `\n` or `\t` escape may come just before it.
  { pattern: /(?<=^|[^\w.:/+-]|\\[nrt])(?:\+62|62|0)[ -]?\d(?:[ -]?\d){7,13}(?![\w-])/g, as: '[phone]' },
]

/** `text` with every match of SECRET_PATTERNS replaced. */
export function redactSecrets(text) {
  let out = text
  for (const { pattern, as } of SECRET_PATTERNS) out = out.replace(pattern, as)
  return out
}

/**
 * Fields whose value is personal data or a secret whatever it looks like (a phone in a form the pattern does not
 * know): pino replaces them at the top of a line and one level down (`err.email`, say).
 */
export const REDACTED_FIELDS = ['email', 'phone', 'tracking_code', 'token', 'password', 'admin_reset_url', 'nik']

/** pino's `redact` of REDACTED_FIELDS. */
export const FIELD_REDACTION = {
  paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]),
  censor: '[redacted]',
}

/** Fields every line gets from where it is logged (the village a request is for: decision 055); none by default. */
let context = () => undefined

/** With REGENCY_HOST the app names the village of the code that logs (app/models/regency/villages.server.ts). */
export const setLogContext = (fields) => void (context = fields)

/**
 * The server's one logger: one JSON line per event on stdout, `{"level":"info","t":"<ISO time>","pid":..,
 * "event":"...", ...fields, "msg":"..."}`, with `"worker": N` (node:cluster's id of the process) in a
 * worker process. An error goes under `err` with its type, message and stack, in the same line. No line holds a
 * secret or a citizen's contact (SECRET_PATTERNS, REDACTED_FIELDS). Used by server.mjs and server/*.mjs, and by
 * the app through app/utils/error-log.server.ts.
 */
export const log = pino({
  level: LOG_LEVELS.includes(process.env.LOG_LEVEL?.trim().toLowerCase())
    ? process.env.LOG_LEVEL.trim().toLowerCase()
    : 'info',
  base: cluster.isWorker ? { pid: process.pid, worker: cluster.worker.id } : { pid: process.pid },
  timestamp: () => `,"t":"${new Date().toISOString()}"`,
  formatters: { level: (label) => ({ level: label }) },
  redact: FIELD_REDACTION,
  // The one place every line passes, finished: no match of SECRET_PATTERNS leaves the process.
  hooks: { streamWrite: redactSecrets },
  mixin: () => context() ?? {},
})
