import { Form, useLoaderData } from '@remix-run/react'
import {
  errorFor,
  ImageField,
  SubmitButton,
  TextFields,
  useFieldErrors,
  type TextFieldSpec,
} from '~/components/shared/form'
import { titled } from '~/components/site/meta'
import { settingsAction, settingsLoader } from '~/doors/site/admin.server'

export const meta = titled('Pengaturan Situs')

export const loader = settingsLoader
export const action = settingsAction

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-base font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  )
}

const NAME_FIELDS: TextFieldSpec[] = [
  { label: 'Nama Desa', name: 'site_name' },
  { label: 'Tagline', name: 'tagline', placeholder: 'Contoh: Desa mandiri, sejahtera dan berbudaya' },
  { label: 'Nama Kabupaten (kop surat)', name: 'regency_name', placeholder: 'Contoh: Bandung' },
]

const LOGO_FIELDS: TextFieldSpec[] = [
  {
    label: 'Teks Alternatif Logo',
    name: 'logo_alt',
    placeholder: 'Jelaskan isi logo; kosongkan bila cukup diwakili nama desa di sebelahnya',
  },
]

const CONTACT_FIELDS: TextFieldSpec[] = [
  { label: 'Alamat', name: 'address', multiline: true },
  { label: 'Telepon', name: 'phone', type: 'tel' },
  { label: 'Email', name: 'email', type: 'email' },
  { label: 'WhatsApp', name: 'whatsapp', type: 'tel', placeholder: '0812 3456 7890' },
  { label: 'Tautan Peta', name: 'map_url', placeholder: 'https://maps.app.goo.gl/...' },
]

const SOCIAL_FIELDS: TextFieldSpec[] = [
  { label: 'Facebook', name: 'facebook', placeholder: 'https://facebook.com/...' },
  { label: 'Instagram', name: 'instagram', placeholder: 'https://instagram.com/...' },
  { label: 'YouTube', name: 'youtube', placeholder: 'https://youtube.com/@...' },
]

/**
 * Pengaturan Situs: the village's name, tagline, logo and contacts, shown across the public site from the next request
 * on.
 */
export default function SiteSettings() {
  const settings = useLoaderData<typeof loader>()
  const errors = useFieldErrors()
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">Pengaturan Situs</h1>
        <p className="mt-1 text-sm text-gray-600">
          Nama, logo dan kontak desa yang tampil di seluruh situs publik, umpan berita dan aplikasi.
        </p>
      </div>
      {/* A new key after each save: the form shows what was stored (an emptied file input, the current logo). */}
      <Form
        key={String(settings.updated_at)}
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
        noValidate
      >
        <Section title="Identitas Desa">
          <TextFields fields={NAME_FIELDS} values={settings} errors={errors} />
          <ImageField
            label="Logo"
            name="logo"
            error={errorFor(errors, 'Logo', 'Image')}
            current={settings.logo ? `/uploads/settings/${settings.logo}` : null}
          />
          <TextFields fields={LOGO_FIELDS} values={settings} errors={errors} />
          {settings.logo ? (
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" name="remove_logo" value="1" className="h-4 w-4 rounded border-gray-300" />
              Hapus logo
            </label>
          ) : null}
        </Section>
        <Section title="Kontak">
          <TextFields fields={CONTACT_FIELDS} values={settings} errors={errors} />
        </Section>
        <Section title="Media Sosial">
          <p className="text-sm text-gray-600">
            Kosongkan yang tidak dipakai: hanya tautan yang diisi yang tampil di kaki situs.
          </p>
          <TextFields fields={SOCIAL_FIELDS} values={settings} errors={errors} />
        </Section>
        <div className="flex justify-end">
          <SubmitButton label="Simpan" pendingLabel="Menyimpan..." />
        </div>
      </Form>
    </section>
  )
}
