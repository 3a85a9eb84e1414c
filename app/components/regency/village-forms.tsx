import { Link, useActionData } from '@remix-run/react'
import {
  errorFor,
  Field,
  FileField,
  FormFrame,
  SelectField,
  TextField,
  type FieldErrors,
} from '~/components/shared/form'
import { LinkField } from '~/components/shared/link-field'
import { STATUS_LABELS } from './village-list'

/**
 * The regency console's forms (app/doors/regency/regency-console.server.ts): a new village (and its admin's reset link, shown
 * once), a village's name, domains and status, and a village imported from a backup archive. Field errors are the
 * model's, under their keys (`Slug`, `Name`, `Kode_wilayah`, `Kecamatan`, `Domains`, `Status`, `File`).
 */

type Created = { name: string; slug: string; url: string; admin_reset_url: string }
type FormAnswer = { errors?: FieldErrors; created?: Created }

const textareaClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500'
const buttonClass =
  'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'

function Hint({ children }: { children: React.ReactNode }) {
  return <p className="-mt-3 text-sm text-gray-500">{children}</p>
}

/** Extra host names, one a line (commas and spaces separate them too). */
function DomainsField({ errors, defaultValue }: { errors: FieldErrors; defaultValue?: string }) {
  return (
    <Field label="Domain tambahan" error={errorFor(errors, 'Domains')}>
      {(props) => (
        <textarea
          {...props}
          name="domains"
          rows={3}
          defaultValue={defaultValue}
          placeholder="sukamaju.desa.id"
          className={textareaClass}
        />
      )}
    </Field>
  )
}

/** The village's official identity: its Kemendagri code and its kecamatan (keys `Kode_wilayah`, `Kecamatan`). */
function IdentityFields({
  errors,
  village,
}: {
  errors: FieldErrors
  village?: { kode_wilayah: string | null; kecamatan: string }
}) {
  /** A text field of `key` (its error under the key's capitalised name, as the API's). */
  const field = (label: string, key: 'kode_wilayah' | 'kecamatan', placeholder: string) => (
    <TextField
      label={label}
      name={key}
      placeholder={placeholder}
      defaultValue={village?.[key] ?? ''}
      error={errorFor(errors, key[0].toUpperCase() + key.slice(1))}
    />
  )
  return (
    <>
      {field('Kode Wilayah', 'kode_wilayah', '33.01.01.2001')}
      <Hint>Kode Kemendagri desa (NN.NN.NN.NNNN), unik; kosongkan bila belum diketahui.</Hint>
      {field('Kecamatan', 'kecamatan', 'Kedungreja')}
    </>
  )
}

/** The new village and the link its admin sets a password with: shown this once, to copy or send. */
function CreatedPanel({ created }: { created: Created }) {
  return (
    <section aria-label="Desa dibuat" className="space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-gray-900">{created.name} dibuat</h1>
      <p className="text-sm text-gray-700">
        Situsnya sudah terbuka di{' '}
        <a href={created.url} className="font-medium text-brand-700 underline">
          {created.url}
        </a>
        . Serahkan tautan di bawah kepada admin desa: dengan tautan itu ia membuat sendiri password akun{' '}
        <code>admin</code>. Tautan berlaku 7 hari, hanya sekali pakai, dan hanya ditampilkan sekali ini.
      </p>
      <div className="space-y-2">
        <LinkField id="admin-reset-link" label="Tautan reset password admin desa" url={created.admin_reset_url} />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {/* A new navigation: the form again, empty, and the link above is gone. */}
        <Link to="/admin/desa/create" className={buttonClass}>
          Tambah desa lain
        </Link>
        <Link
          to="/admin/desa"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Ke daftar desa
        </Link>
      </div>
    </section>
  )
}

/** /admin/desa/create */
export function VillageCreateScreen({ regencyHost }: { regencyHost: string }) {
  const answer = useActionData<FormAnswer>()
  if (answer?.created) return <CreatedPanel created={answer.created} />
  const errors = answer?.errors ?? null
  return (
    <FormFrame cancel="Batal" title="Tambah Desa" submit={['Simpan', 'Menyimpan...']}>
      <TextField label="Slug" name="slug" placeholder="sukamaju" error={errorFor(errors, 'Slug')} />
      <Hint>
        Huruf kecil, angka dan tanda minus, 3 sampai 40 karakter. Situs desa ada di{' '}
        <code>{`{slug}.${regencyHost}`}</code>.
      </Hint>
      <TextField label="Nama Desa" name="name" placeholder="Desa Sukamaju" error={errorFor(errors, 'Name')} />
      <IdentityFields errors={errors} />
      <DomainsField errors={errors} />
      <Hint>Opsional: nama domain lain situs ini, satu per baris.</Hint>
      <label className="flex items-start gap-2 text-sm text-gray-700">
        <input type="checkbox" name="demo" value="1" className="mt-0.5 h-4 w-4 rounded border-gray-300" />
        <span>
          Isi dengan data contoh
          <span className="block text-gray-500">
            Berita, halaman, APBDes dan lainnya dari desa contoh, untuk dicoba sebelum diisi data sebenarnya.
          </span>
        </span>
      </label>
    </FormFrame>
  )
}

type EditedVillage = {
  id: string
  slug: string
  name: string
  domains: string[]
  status: string
  url: string
  kode_wilayah: string | null
  kecamatan: string
}

/** /admin/desa/{id} */
export function VillageEditScreen({ village }: { village: EditedVillage }) {
  const errors = useActionData<FormAnswer>()?.errors ?? null
  return (
    <FormFrame cancel="Batal" title="Edit Desa" submit={['Perbarui', 'Memperbarui...']}>
      <p className="text-sm text-gray-700">
        Alamat:{' '}
        <a href={village.url} className="font-medium text-brand-700 underline">
          {village.url}
        </a>{' '}
        (slug <code>{village.slug}</code>, tidak dapat diubah)
      </p>
      <TextField label="Nama Desa" name="name" defaultValue={village.name} error={errorFor(errors, 'Name')} />
      <IdentityFields errors={errors} village={village} />
      <DomainsField errors={errors} defaultValue={village.domains.join('\n')} />
      <Hint>Nama domain lain situs ini, satu per baris; kosongkan bila tidak ada.</Hint>
      <SelectField
        label="Status"
        name="status"
        defaultValue={village.status}
        error={errorFor(errors, 'Status')}
        options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <Hint>Desa yang dinonaktifkan menjawab 503 di semua alamatnya; datanya tetap tersimpan.</Hint>
    </FormFrame>
  )
}

/** /admin/desa/import */
export function VillageImportScreen({ maxMb, regencyHost }: { maxMb: number; regencyHost: string }) {
  const errors = useActionData<FormAnswer>()?.errors ?? null
  return (
    <FormFrame cancel="Batal" title="Impor Desa" multipart submit={['Impor', 'Mengimpor...']}>
      <p className="text-sm text-gray-700">
        Buat desa baru dari berkas cadangan <code>.tar.gz</code>: hasil <code>npm run backup</code> di server satu desa,
        atau hasil Ekspor di konsol ini. Akun, password, isi dan berkas desa ikut serta.
      </p>
      <TextField label="Slug" name="slug" placeholder="sukamaju" error={errorFor(errors, 'Slug')} />
      <Hint>
        Situs desa ada di <code>{`{slug}.${regencyHost}`}</code>.
      </Hint>
      <TextField label="Nama Desa" name="name" placeholder="Desa Sukamaju" error={errorFor(errors, 'Name')} />
      <IdentityFields errors={errors} />
      <FileField
        label={`Berkas cadangan (.tar.gz, paling besar ${maxMb} MB)`}
        name="file"
        accept=".gz,.tgz,application/gzip"
        error={errorFor(errors, 'File')}
      />
    </FormFrame>
  )
}
