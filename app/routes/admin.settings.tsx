import { Form, useLoaderData } from '@remix-run/react'
import { errorFor, ImageField, SubmitButton, TextField, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { settingsAction, settingsLoader } from '~/doors/admin.server'

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
          <TextField
            label="Nama Desa"
            name="site_name"
            defaultValue={settings.site_name}
            error={errorFor(errors, 'Site_name')}
          />
          <TextField
            label="Tagline"
            name="tagline"
            defaultValue={settings.tagline}
            error={errorFor(errors, 'Tagline')}
            placeholder="Contoh: Desa mandiri, sejahtera dan berbudaya"
          />
          <ImageField
            label="Logo"
            name="logo"
            error={errorFor(errors, 'Logo', 'Image')}
            current={settings.logo ? `/uploads/settings/${settings.logo}` : null}
          />
          <TextField
            label="Teks Alternatif Logo"
            name="logo_alt"
            defaultValue={settings.logo_alt}
            error={errorFor(errors, 'Logo_alt')}
            placeholder="Jelaskan isi logo; kosongkan bila cukup diwakili nama desa di sebelahnya"
          />
          {settings.logo ? (
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" name="remove_logo" value="1" className="h-4 w-4 rounded border-gray-300" />
              Hapus logo
            </label>
          ) : null}
        </Section>
        <Section title="Kontak">
          <TextField
            label="Alamat"
            name="address"
            defaultValue={settings.address}
            error={errorFor(errors, 'Address')}
            multiline
          />
          <TextField
            label="Telepon"
            name="phone"
            type="tel"
            defaultValue={settings.phone}
            error={errorFor(errors, 'Phone')}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            defaultValue={settings.email}
            error={errorFor(errors, 'Email')}
          />
          <TextField
            label="WhatsApp"
            name="whatsapp"
            type="tel"
            defaultValue={settings.whatsapp}
            error={errorFor(errors, 'Whatsapp')}
            placeholder="0812 3456 7890"
          />
          <TextField
            label="Tautan Peta"
            name="map_url"
            defaultValue={settings.map_url}
            error={errorFor(errors, 'Map_url')}
            placeholder="https://maps.app.goo.gl/..."
          />
        </Section>
        <Section title="Media Sosial">
          <p className="text-sm text-gray-600">
            Kosongkan yang tidak dipakai: hanya tautan yang diisi yang tampil di kaki situs.
          </p>
          <TextField
            label="Facebook"
            name="facebook"
            defaultValue={settings.facebook}
            error={errorFor(errors, 'Facebook')}
            placeholder="https://facebook.com/..."
          />
          <TextField
            label="Instagram"
            name="instagram"
            defaultValue={settings.instagram}
            error={errorFor(errors, 'Instagram')}
            placeholder="https://instagram.com/..."
          />
          <TextField
            label="YouTube"
            name="youtube"
            defaultValue={settings.youtube}
            error={errorFor(errors, 'Youtube')}
            placeholder="https://youtube.com/@..."
          />
        </Section>
        <div className="flex justify-end">
          <SubmitButton label="Simpan" pendingLabel="Menyimpan..." />
        </div>
      </Form>
    </section>
  )
}
