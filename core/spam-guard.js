// The online-gambling spam guard (docs/decisions/029-gambling-spam-guard.md): does a piece of public text promote
// online gambling? Plain JavaScript with JSDoc types, so that the app (every write of public text) and
// `npm run scan` (scripts/scan.mjs, no build) judge with the same code and the same words (spam-vocabulary.json).
import vocabulary from './spam-vocabulary.json' with { type: 'json' }

/** @typedef {'strong' | 'weak' | 'ambiguous' | 'promo' | 'betting' | 'reporting' | 'negation'} Kind */
/** @typedef {{ phrase: string, kind: Kind, plain: string, words: string, compact: string, digits: boolean }} Entry */
/** @typedef {{ ownHosts?: readonly string[] }} GuardOptions */

const SCORE = vocabulary.scoring

/**
 * The guard's work so far, in steps (a lookup while growing a phrase, a piece of a word, a comparison of two found
 * phrases): a count, not a time, so a test can hold the guard to linear work on any machine (spamGuardWork).
 */
let work = 0
/** How many steps of work the guard has done in this process. */
export const spamGuardWork = () => work
const GAMBLING = new Set(['strong', 'weak', 'ambiguous'])

/** Characters that show nothing: zero-width spaces and joiners, direction marks, soft hyphens, Hangul fillers. */
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u180e\u3164\uffa0]/gu
/** Cyrillic and Greek letters that look like Latin ones (after lower-casing), and small capitals (NFKC keeps them). */
const LOOKALIKES = Object.fromEntries(
  (
    'аa вb гr дd еe кk мm нh оo пn рp сc тt уy хx ѕs іi јj ԁd һh ӏl ԛq ԝw ьb ' +
    'αa βb γy εe ζz ηn ιi κk μu νv οo ρp σo τt υu χx ωw ıi ɡg ɑa ' +
    'ᴀa ʙb ᴄc ᴅd ᴇe ғf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz'
  )
    .split(' ')
    .map((pair) => [pair[0], pair[1]]),
)
/** Digits and signs written for letters; `1` and `l` both read as `i`. */
const LEET = { 0: 'o', 1: 'i', 2: 'z', 3: 'e', 4: 'a', 5: 's', 6: 'g', 7: 't', 8: 'b', 9: 'g', '@': 'a', $: 's' }

/** @param {string} text */
const plainTokens = (text) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * One word with its disguise taken off: a doubled character single ("gacooor"; before digits become letters, so
 * "slot777" stays apart from "slot"), digits and signs as letters (only in a word that has letters), no punctuation
 * inside.
 */
function foldWord(/** @type {string} */ word) {
  if (/^[a-z]+$/.test(word)) return word.replace(/(.)\1+/g, '$1').replaceAll('l', 'i') // most words: nothing to undo
  let folded = word.replace(/(.)\1+/gu, '$1')
  if (/\p{L}/u.test(folded))
    folded = folded
      .replace(/[0-9@$]/g, (sign) => LEET[/** @type {keyof typeof LEET} */ (sign)])
      .replace(/[!|](?=\p{L})/gu, 'i')
  return folded.replace(/[^\p{L}\p{N}]+/gu, '').replaceAll('l', 'i')
}

/**
 * The words of `text` as the guard compares them: full-width and styled letters as plain ones (NFKC), nothing
 * invisible, no accents, look-alikes and digits as the letters they stand for, no dots or dashes inside a word,
 * doubled letters single ("gacooor"), letters spaced out ("g a c o r") joined.
 * @param {string} text
 */
function foldedWords(text) {
  const bare = text.normalize('NFKC').replace(INVISIBLE, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const words = bare
    .replace(/[^\0-\x7f]/gu, (char) => LOOKALIKES[char] ?? char)
    .split(/\s+/)
    .map((raw) => ({ raw, folded: foldWord(raw) }))
    .filter((word) => word.folded)
  /** @type {string[]} */
  const joined = []
  /** @type {boolean[]} whether each word was written with a digit */
  const digits = []
  const push = (/** @type {string} */ raw, folded = foldWord(raw)) => {
    joined.push(folded)
    digits.push(/\p{N}/u.test(raw))
  }
  for (let i = 0; i < words.length;) {
    let end = i
    while (end < words.length && words[end].folded.length === 1) end++
    if (end - i >= 3) {
      push(
        words
          .slice(i, end)
          .map((word) => word.raw)
          .join(''),
      )
      i = end
    } else push(words[i].raw, words[i++].folded)
  }
  return { words: joined, digits }
}

/** @type {Entry[]} */
const ENTRIES = vocabulary.groups.flatMap((group) =>
  group.phrases.map((phrase) => {
    const { words } = foldedWords(phrase)
    if (!words.length) throw new Error(`spam-vocabulary.json: "${phrase}" has no letters`)
    const kind = /** @type {Kind} */ (group.kind)
    return {
      phrase,
      kind,
      plain: plainTokens(phrase).join(' '),
      words: words.join(' '),
      compact: words.join(''),
      digits: /\d/.test(phrase),
    }
  }),
)

/** @param {(entry: Entry) => string} key @param {Entry[]} entries */
function indexBy(key, entries) {
  /** @type {Map<string, Entry[]>} */
  const index = new Map()
  for (const entry of entries) index.set(key(entry), [...(index.get(key(entry)) ?? []), entry])
  return index
}

const PHRASES = ENTRIES.filter((entry) => entry.kind !== 'reporting')
const BY_PLAIN = indexBy((entry) => entry.plain, PHRASES)
const BY_COMPACT = indexBy((entry) => entry.compact, PHRASES)
/**
 * @param {Iterable<string>} keys @param {(key: string) => string[]} [cuts] how a key grows: letter by letter unless
 * told
 */
const startsOf = (keys, cuts = (key) => [...key].map((_, i) => key.slice(0, i + 1))) => new Set([...keys].flatMap(cuts))
/**
 * Every start of a phrase in plain words ("link", "link alternatif"), and in folded letters ("l", "li", ...,
 * "linkalternatif").
 */
const PLAIN_STARTS = startsOf(BY_PLAIN.keys(), (key) =>
  key.split(' ').map((_, i, parts) => parts.slice(0, i + 1).join(' ')),
)
const COMPACT_STARTS = startsOf(BY_COMPACT.keys())
/**
 * Strong phrases of five letters or more are found inside a longer word too: a domain, a hashtag ("slot88gacor.com").
 */
const BY_STRONG_INSIDE = indexBy(
  (entry) => entry.compact,
  PHRASES.filter((entry) => entry.kind === 'strong' && entry.compact.length >= 5),
)
/** Reporting stems count inside a word ("berbahaya", "ditangkap"). */
const REPORTING = new Set(ENTRIES.filter((entry) => entry.kind === 'reporting').map((entry) => entry.compact))
const STRONG_INSIDE_STARTS = startsOf(BY_STRONG_INSIDE.keys())
const REPORTING_STARTS = startsOf(REPORTING)

/**
 * The keys of `has` that occur inside `word`, found by growing a piece from each letter while it still starts a key.
 * @param {string} word @param {Set<string>} starts @param {(piece: string) => boolean} has
 */
function piecesOf(word, starts, has) {
  const pieces = []
  for (let i = 0; i < word.length; i++) {
    for (let end = i + 1; end <= word.length && starts.has(word.slice(i, end)); end++) {
      work++
      if (has(word.slice(i, end))) pieces.push(word.slice(i, end))
    }
  }
  work += word.length
  return pieces
}

const TLDS =
  'com|net|org|id|info|biz|xyz|top|site|online|vip|club|live|pro|app|link|shop|store|asia|me|co|io|cc|ly|ee|sg|my|kh|' +
  'th|ph|vn|tk|ml|ga|cf|gq|ws|to|gg|tv|us|uk|ru|cn|win|bet|casino|games|fun|space|website|icu|cam|sbs|bond|cyou|' +
  'monster|lol|today|world|life|one|tech|cloud|best|buzz|click|mobi'
/**
 * An address: with a scheme or `www.`, or a host under a common top-level domain (so "S.Pd" or "dll.Lalu" are none).
 */
const LINK = new RegExp(
  `(?:https?:\\/\\/|\\b)((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,24})\\b(?::\\d+)?(?:[/?#][^\\s<>"']*)?`,
  'giu',
)
const COMMON_TLD = new RegExp(`^(?:${TLDS})$`)
/** An Indonesian mobile number (WhatsApp): 08..., 628..., +62 8..., 10 to 14 digits with spaces, dots or dashes. */
const CONTACT = /(?:\+62|\b62|\b0)[\s.-]?8(?:[\s.-]?\d){7,12}\b/

/** @param {string} text @returns {string[]} the hosts of the addresses in `text` */
function hostsIn(text) {
  /** @type {string[]} */
  const hosts = []
  for (const match of text.matchAll(LINK)) {
    const host = match[1].toLowerCase()
    const explicit = /^(?:https?:\/\/)/i.test(match[0]) || host.startsWith('www.')
    if (explicit || COMMON_TLD.test(host.slice(host.lastIndexOf('.') + 1))) hosts.push(host.replace(/^www\./, ''))
  }
  return hosts
}

const SECOND_LEVEL = new Set([
  'co',
  'or',
  'ac',
  'go',
  'sch',
  'web',
  'my',
  'biz',
  'net',
  'com',
  'org',
  'mil',
  'desa',
  'ponpes',
])
/** The domain a host belongs to: `a.b.slot.com` -> `slot.com`, `x.desa.id` -> `x.desa.id`. */
function siteOf(/** @type {string} */ host) {
  const labels = host.split('.')
  const keep =
    labels.length >= 3 && labels[labels.length - 1].length === 2 && SECOND_LEVEL.has(labels[labels.length - 2]) ? 3 : 2
  return labels.slice(-keep).join('.')
}

/** @param {string} host @param {readonly string[]} suffixes */
const under = (host, suffixes) =>
  suffixes.some(
    (suffix) => host === suffix.replace(/^\./, '') || host.endsWith(suffix.startsWith('.') ? suffix : `.${suffix}`),
  )

const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })
/** @param {string} text */
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })

/** @param {string} tag @param {string} name */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return match ? (match[1] ?? match[2] ?? match[3]) : ''
}

/**
 * What a reader gets of a field: rich text without its tags (blocks and images end a sentence), with each link's
 * address where the link is and each image's alt text as a sentence of its own. Tags inside a word join it up.
 * @param {string} value
 */
function readableText(value) {
  if (!/<[a-z!/]/i.test(value)) return value
  return decodeEntities(
    value
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<a\b[^>]*>/gi, (tag) => ` ${attribute(tag, 'href')} `)
      .replace(/<img\b[^>]*>/gi, (tag) => `\n${attribute(tag, 'alt')}\n`)
      .replace(/<\/?(?:p|div|br|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
}

/**
 * Sentences: lines, and text after `.`, `!` or `?` that ends a word of two characters or more ("g. a. c. o. r." stays
 * whole).
 */
const sentencesOf = (/** @type {string} */ text) =>
  text.split(/\n+|(?<=[\p{L}\p{N}]{2}[.!?]+)\s+/u).filter((sentence) => sentence.trim())

/** @typedef {{ view: 'plain' | 'folded', start: number, end: number }} Occurrence */

/**
 * The vocabulary's phrases in one sentence, each with whether it was written plainly (as the vocabulary spells it)
 * and where it first appears; and how many reporting stems it holds outside them. A phrase found only inside a longer
 * one ("slot" in "slot gacor", "daftar" in "daftar sekarang") is left out, so nothing counts twice.
 * @param {string} sentence
 */
/**
 * Whether an occurrence lies inside one of `occurrences` (the same view, its words within theirs), asked in
 * logarithmic steps: per view, the occurrences by start with the furthest end reached so far.
 * @param {Occurrence[]} occurrences
 * @returns {(occurrence: Occurrence) => boolean}
 */
function coverage(occurrences) {
  /** @type {Map<string, { starts: number[], reach: number[] }>} */
  const views = new Map()
  for (const view of new Set(occurrences.map((occurrence) => occurrence.view))) {
    const sorted = occurrences.filter((occurrence) => occurrence.view === view).sort((a, b) => a.start - b.start)
    let furthest = -Infinity
    views.set(view, {
      starts: sorted.map((occurrence) => occurrence.start),
      reach: sorted.map((occurrence) => (furthest = Math.max(furthest, occurrence.end))),
    })
    work += sorted.length
  }
  return (occurrence) => {
    const view = views.get(occurrence.view)
    if (!view) return false
    // The last occurrence starting at or before this one's start: the furthest any of those reach.
    let low = 0
    let high = view.starts.length - 1
    let found = -1
    while (low <= high) {
      work++
      const middle = (low + high) >> 1
      if (view.starts[middle] <= occurrence.start) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    return found !== -1 && view.reach[found] >= occurrence.end
  }
}

function phrasesIn(sentence) {
  /** @type {Map<Entry, Occurrence[]>} */
  const found = new Map()
  const note = (/** @type {Entry} */ entry, /** @type {Occurrence} */ occurrence) => {
    const occurrences = found.get(entry)
    if (occurrences) occurrences.push(occurrence)
    else found.set(entry, [occurrence])
  }
  const plain = plainTokens(sentence)
  for (let i = 0; i < plain.length; i++) {
    // Extended word by word while it is still the start of some phrase.
    for (let end = i + 1, key = plain[i]; end <= plain.length && PLAIN_STARTS.has(key); key += ` ${plain[end++]}`) {
      work++
      for (const entry of BY_PLAIN.get(key) ?? []) note(entry, { view: 'plain', start: i, end })
    }
  }
  const { words, digits } = foldedWords(sentence)
  /** @type {[string, number][]} reporting stems and the word each is in */
  const stems = []
  for (let i = 0; i < words.length; i++) {
    for (
      let end = i + 1, key = words[i], spaced = words[i];
      end <= words.length && COMPACT_STARTS.has(key);
      spaced += ` ${words[end]}`, key += words[end++]
    ) {
      work++
      // A short phrase ("wd", "rtp") only as the words it is, never as pieces of others; a name with digits only where
      // digits were written ("m88" is not "MB"); of two spellings of one phrase ("pg soft", "pgsoft"), the one written.
      const numbered = digits.slice(i, end).includes(true)
      const entries = (BY_COMPACT.get(key) ?? []).filter(
        (entry) => (entry.compact.length >= 4 || spaced === entry.words) && (numbered || !entry.digits),
      )
      const written = entries.filter((entry) => spaced === entry.words)
      for (const entry of written.length ? written : entries) note(entry, { view: 'folded', start: i, end })
    }
    for (const piece of words[i].length > 5
      ? piecesOf(words[i], STRONG_INSIDE_STARTS, (key) => BY_STRONG_INSIDE.has(key))
      : []) {
      const entries = (BY_STRONG_INSIDE.get(piece) ?? []).filter((entry) => digits[i] || !entry.digits)
      const unspaced = entries.filter((entry) => entry.words === entry.compact)
      for (const entry of unspaced.length ? unspaced : entries) note(entry, { view: 'folded', start: i, end: i + 1 })
    }
    for (const stem of piecesOf(words[i], REPORTING_STARTS, (key) => REPORTING.has(key))) stems.push([stem, i])
  }
  /** @type {Map<Entry, { plainly: boolean, at: number }>} */
  const phrases = new Map()
  for (const [entry, occurrences] of found) {
    const larger = [...found]
      .filter(([other]) => other.compact.length > entry.compact.length && other.compact.includes(entry.compact))
      .flatMap(([, more]) => more)
    work += found.size
    const covered = coverage(larger)
    if (occurrences.every(covered)) continue
    const folded = occurrences.filter((occurrence) => occurrence.view === 'folded')
    phrases.set(entry, {
      plainly: occurrences.length > folded.length,
      at: Math.min(...(folded.length ? folded : occurrences).map((occurrence) => occurrence.start)),
    })
  }
  // A stem inside a gambling phrase ("blokir" in "link anti blokir") is no report.
  const gambling = [...phrases.keys()]
    .filter((entry) => GAMBLING.has(entry.kind))
    .flatMap((entry) => found.get(entry) ?? [])
  const inGambling = coverage(gambling)
  const reporting = new Set(
    stems.filter(([, at]) => !inGambling({ view: 'folded', start: at, end: at + 1 })).map(([stem]) => stem),
  )
  return { found: phrases, reporting: reporting.size }
}

/**
 * The phrase that makes a sentence promotion of online gambling, or null (the scoring of spam-vocabulary.json).
 * @param {string} sentence
 * @returns {string | null}
 */
function judgeSentence(sentence) {
  const { found, reporting } = phrasesIn(sentence)
  const of = (/** @type {Kind} */ kind) => [...found].filter(([entry]) => entry.kind === kind)
  const [strong, weak, ambiguous, promo, betting] = /** @type {const} */ ([
    'strong',
    'weak',
    'ambiguous',
    'promo',
    'betting',
  ]).map(of)
  // An everyday word ("slot", "olympus") names gambling only beside another gambling phrase, a betting cue, or in
  // disguise.
  const context = strong.length + weak.length + betting.length > 0
  const counted = [...strong, ...weak, ...ambiguous.filter(([, seen]) => context || !seen.plainly)]
  if (!counted.length) return null
  const score =
    SCORE.strong * strong.length +
    SCORE.weak * weak.length +
    SCORE.ambiguous * (counted.length - strong.length - weak.length) +
    SCORE.promo * promo.length +
    SCORE.betting * betting.length +
    (hostsIn(sentence).length || CONTACT.test(sentence) ? SCORE.link : 0) +
    SCORE.disguise * counted.filter(([, seen]) => !seen.plainly).length +
    SCORE.reporting * Math.min(reporting, SCORE.reportingMax) +
    SCORE.negation * Math.min(of('negation').length, 1)
  if (score < SCORE.refuseAt) return null
  // The strongest phrase, the first in the sentence among equals.
  const rank = (/** @type {Entry} */ entry) => ['strong', 'weak', 'ambiguous'].indexOf(entry.kind)
  counted.sort(([a, seenA], [b, seenB]) => rank(a) - rank(b) || seenA.at - seenB.at)
  return counted[0][0].phrase
}

/**
 * The domain that a field links to `links.bulkAt` times or more (outside the site and the trusted suffixes), or null.
 * A link counts once: its address, not also its text.
 * @param {string} value
 * @param {readonly string[]} ownHosts
 */
function bulkLinkedSite(value, ownHosts) {
  const text = readableText(value.replace(/(<a\b[^>]*>)[\s\S]*?<\/a\s*>/gi, '$1'))
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const host of hostsIn(text)) {
    if (under(host, vocabulary.links.trusted) || under(host, ownHosts)) continue
    const site = siteOf(host)
    counts.set(site, (counts.get(site) ?? 0) + 1)
    if (counts.get(site) === vocabulary.links.bulkAt) return site
  }
  return null
}

/**
 * What makes this public text promotion of online gambling: the phrase found, as the vocabulary writes it, or the
 * domain of bulk links; null when the text may be published. Reporting on gambling (a socialisation, a police
 * warning) passes; the same words with a call to play, a deposit, a link or a disguise do not.
 * @param {unknown} value a field's value (text or rich text; anything else passes)
 * @param {GuardOptions} [options] `ownHosts`: the site's own host names (links to them are no bulk links)
 * @returns {string | null}
 */
export function gamblingSpamIn(value, options = {}) {
  if (typeof value !== 'string' || !value.trim()) return null
  const text = readableText(value)
  for (const sentence of sentencesOf(text)) {
    const phrase = judgeSentence(sentence)
    if (phrase) return phrase
  }
  return bulkLinkedSite(
    value,
    (options.ownHosts ?? []).map((host) => host.toLowerCase().replace(/^www\./, '')),
  )
}

/**
 * Every field of `fields` whose value gamblingSpamIn refuses, with the phrase.
 * @param {Record<string, unknown>} fields
 * @param {GuardOptions} [options]
 * @returns {{ field: string, phrase: string }[]}
 */
export function gamblingSpamInFields(fields, options = {}) {
  return Object.entries(fields).flatMap(([field, value]) => {
    const phrase = gamblingSpamIn(value, options)
    return phrase ? [{ field, phrase }] : []
  })
}

/** The message of a refused field, the same on every door: `Konten terindikasi promosi judi online ("gacor")`. */
export const spamMessage = (/** @type {string} */ phrase) => `Konten terindikasi promosi judi online ("${phrase}")`
