import { Form, useActionData } from '@remix-run/react'
import { errorFor, SelectField, TextField, type FieldErrors } from '~/components/shared/form'
import { HeadedSection } from '~/components/shared/headed-section'
import { ColumnHeads } from '~/components/shared/list-table'

/**
 * The console's `Pengguna` (docs/api.md "The regency's data"): the regency's accounts, `kabupaten` (everything) or
 * `camat` (the villages of one kecamatan, reading only), each changed in place, and a new one. Plain forms: it works
 * without scripts; field errors under the fields (`Name`, `Username`, `Email`, `Password`, `Role`, `Kecamatan`).
 */

export type RegencyUserRow = {
  id: number
  name: string
  username: string
  email: string
  role: 'kabupaten' | 'camat'
  kecamatan: string | null
  two_factor_enabled: boolean
}

const ROLE_OPTIONS = [
  { value: 'kabupaten', label: 'Kabupaten (semua desa)' },
  { value: 'camat', label: 'Camat (desa satu kecamatan, hanya membaca)' },
]

const button = 'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700'

function AccountFields({ errors, user }: { errors: FieldErrors; user?: RegencyUserRow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField label="Nama" name="name" defaultValue={user?.name} error={errorFor(errors, 'Name')} />
      <TextField label="Username" name="username" defaultValue={user?.username} error={errorFor(errors, 'Username')} />
      <TextField label="Email" name="email" type="email" defaultValue={user?.email} error={errorFor(errors, 'Email')} />
      <TextField
        label={user ? 'Password baru (kosongkan bila tetap)' : 'Password'}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errorFor(errors, 'Password')}
      />
      <SelectField
        label="Peran"
        name="role"
        defaultValue={user?.role ?? 'camat'}
        options={ROLE_OPTIONS}
        error={errorFor(errors, 'Role')}
      />
      <TextField
        label="Kecamatan (untuk camat)"
        name="kecamatan"
        defaultValue={user?.kecamatan ?? ''}
        error={errorFor(errors, 'Kecamatan')}
      />
    </div>
  )
}

export function RegencyUsersScreen({ users, me }: { users: RegencyUserRow[]; me: number }) {
  const answer = useActionData<{ errors: FieldErrors | null; intent?: string }>()
  const errors = answer?.errors ?? null
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">Pengguna</h1>
        <p className="mt-1 text-sm text-gray-600">
          Akun kabupaten. Camat hanya melihat desa dan angka kecamatannya, tanpa dapat mengubah apa pun. Setiap akun
          mengatur verifikasi dua langkahnya sendiri di Akun Saya.
        </p>
      </div>
      <div
        role="region"
        aria-label="Daftar pengguna"
        className="overflow-x-auto rounded-xl border border-gray-200 bg-white"
      >
        <table className="min-w-full text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold uppercase text-gray-600">
            <tr>
              <ColumnHeads
                headers={['Nama', 'Username', 'Email', 'Peran', 'Kecamatan', 'Dua langkah', 'Aksi']}
                className="px-4 py-2"
              />
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-t border-gray-100 align-top">
                <th scope="row" className="px-4 py-2 text-left font-medium text-gray-900">
                  {user.name}
                </th>
                <td className="px-4 py-2">{user.username}</td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{user.role === 'camat' ? 'Camat' : 'Kabupaten'}</td>
                <td className="px-4 py-2">{user.kecamatan ?? '-'}</td>
                <td className="px-4 py-2">{user.two_factor_enabled ? 'Aktif' : 'Tidak'}</td>
                <td className="px-4 py-2">
                  <details>
                    <summary className="cursor-pointer text-brand-700">Edit {user.username}</summary>
                    <Form method="post" className="mt-3 w-[36rem] max-w-full space-y-4" noValidate>
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={user.id} />
                      <AccountFields errors={{}} user={user} />
                      <button type="submit" className={button}>
                        Perbarui
                      </button>
                    </Form>
                  </details>
                  {user.id !== me ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={user.id} />
                      <button
                        type="submit"
                        aria-label={`Hapus ${user.username}`}
                        className="rounded-lg px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
                      >
                        Hapus
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <HeadedSection
        id="tambah-pengguna"
        title="Tambah Pengguna"
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
        spaced
      >
        <Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="intent" value="create" />
          <AccountFields errors={errors ?? {}} />
          <button type="submit" className={button}>
            Simpan
          </button>
        </Form>
      </HeadedSection>
    </section>
  )
}
