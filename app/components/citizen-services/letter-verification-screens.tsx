import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { formatDate } from '~/lib/format'
import { DOCUMENT_MAX_MB } from '~/lib/upload-limits'
import type { VerificationView } from '~/lib/letters'
import { CitizenPage, CitizenSubmit } from '~/components/shared/public-form'

/**
 * `/verifikasi` (a code typed, or the letter's PDF uploaded) and `/verifikasi/{code}` (the letter's facts):
 * `Surat ini asli` or `Surat ini telah dicabut`, with the number, type, name, date and village, and the signature a
 * bank can keep and check against /.well-known/letter-keys.json. Work without scripts (plain forms).
 */

type VerificationResult = { letter: VerificationView | null; error: string | null }

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 ' +
  'focus:outline-none focus:ring-2 focus:ring-emerald-600/30'

/** The answer: genuine and standing, or revoked, with the letter's facts. */
export function LetterVerdict({ letter }: { letter: VerificationView }) {
  return (
    <section
      aria-labelledby="hasil-verifikasi"
      className={`rounded-xl border-2 p-6 ${letter.revoked ? 'border-red-600 bg-red-50' : 'border-emerald-600 bg-emerald-50'}`}
    >
      <h2
        id="hasil-verifikasi"
        className={`text-2xl font-bold ${letter.revoked ? 'text-red-800' : 'text-emerald-900'}`}
      >
        {letter.revoked ? 'Surat ini telah dicabut' : 'Surat ini asli'}
      </h2>
      <p className="mt-1 text-gray-800">
        {letter.revoked
          ? `Surat ini pernah diterbitkan oleh ${letter.village}, tetapi telah dicabut dan tidak berlaku lagi.`
          : `Surat ini diterbitkan oleh ${letter.village} dan masih berlaku.`}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-700">Nomor</dt>
        <dd className="font-mono text-gray-900">{letter.number}</dd>
        <dt className="font-medium text-gray-700">Jenis Surat</dt>
        <dd className="text-gray-900">{letter.type}</dd>
        <dt className="font-medium text-gray-700">Nama</dt>
        <dd className="break-words text-gray-900">{letter.name}</dd>
        <dt className="font-medium text-gray-700">NIK</dt>
        <dd className="font-mono text-gray-900">{letter.nik_masked}</dd>
        <dt className="font-medium text-gray-700">Tanggal</dt>
        <dd className="text-gray-900">{formatDate(letter.issued_at)}</dd>
        <dt className="font-medium text-gray-700">Desa</dt>
        <dd className="text-gray-900">{letter.village}</dd>
        {letter.revoked ? (
          <>
            <dt className="font-medium text-gray-700">Dicabut</dt>
            <dd className="break-words text-gray-900">
              {letter.revoked_at ? formatDate(letter.revoked_at) : ''}
              {letter.revoked_reason ? `: ${letter.revoked_reason}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <details className="mt-5 text-sm text-gray-700">
        <summary className="cursor-pointer font-medium">Tanda tangan elektronik</summary>
        <p className="mt-2">
          Teks yang ditandatangani dengan kunci Ed25519 desa (<code>{letter.key_id}</code>, lihat{' '}
          <a className="underline" href="/.well-known/letter-keys.json">
            kunci publik desa
          </a>
          ):
        </p>
        <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-white p-2">{letter.signed}</pre>
        <p className="mt-2">Tanda tangan:</p>
        <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-white p-2">{letter.signature}</pre>
      </details>
    </section>
  )
}

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-red-800">
      {text}
    </p>
  )
}

/** `/verifikasi`. */
export function VerificationScreen() {
  const answer = useActionData<VerificationResult>()
  const sending = useNavigation().state === 'submitting'
  return (
    <CitizenPage title="Verifikasi Surat">
      <p className="mt-2 text-gray-700">
        Periksa keaslian surat yang diterbitkan desa: ketik kode verifikasi yang tercetak di bawah kode QR surat, atau
        unggah berkas PDF surat tersebut.
      </p>
      <Form method="post" className="mt-6 space-y-4">
        <div>
          <label htmlFor="kode-verifikasi" className="mb-1 block font-medium text-gray-800">
            Kode Verifikasi
          </label>
          <input
            id="kode-verifikasi"
            name="kode"
            type="text"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </div>
        <CitizenSubmit disabled={sending}>Periksa Kode</CitizenSubmit>
      </Form>
      <Form method="post" encType="multipart/form-data" className="mt-8 space-y-4 border-t border-gray-200 pt-8">
        <div>
          <label htmlFor="berkas-surat" className="mb-1 block font-medium text-gray-800">
            Berkas PDF Surat
          </label>
          <p id="berkas-surat-hint" className="mb-1 text-sm text-gray-600">
            Berkas PDF yang diunduh dari desa, tanpa diubah (paling besar {DOCUMENT_MAX_MB} MB).
          </p>
          <input
            id="berkas-surat"
            name="file"
            type="file"
            required
            accept="application/pdf,.pdf"
            aria-describedby="berkas-surat-hint"
            className="block w-full text-sm text-gray-700"
          />
        </div>
        <CitizenSubmit disabled={sending}>Periksa Berkas</CitizenSubmit>
      </Form>
      {answer?.error ? <Failure text={answer.error} /> : null}
      {answer?.letter ? (
        <div className="mt-8">
          <LetterVerdict letter={answer.letter} />
        </div>
      ) : null}
    </CitizenPage>
  )
}

/** `/verifikasi/{code}`. */
export function VerifiedLetterScreen() {
  const result = useLoaderData<VerificationResult>()
  return (
    <CitizenPage title="Verifikasi Surat">
      {result.letter ? (
        <div className="mt-6">
          <LetterVerdict letter={result.letter} />
        </div>
      ) : (
        <Failure text={result.error ?? ''} />
      )}
      <p className="mt-8">
        <Link to="/verifikasi" className="font-medium text-emerald-800 underline">
          Periksa surat lain
        </Link>
      </p>
    </CitizenPage>
  )
}
