import fsp from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { hashPassword } from '~/utils/password.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { slugify } from '~/lib/slug'
import type { UploadKind } from '~/lib/upload-urls'
import { storeImage, unmarkPending, stagingFolder } from '~/utils/upload-pipeline.server'
import { SEEDED_PERMISSIONS, type PermissionName } from '~/resources/permissions'
import { eventEndedAt } from '~/lib/event-times'
import { fromZonedTime, toZonedInput } from '~/lib/zoned-time'
import { demoVillage } from './demo-village'
import { seedDemoInformation } from '~/models/village-info/demo-information.server'
import { seedDemoLetterTypes } from '~/models/citizen-services/demo-letters.server'
import { seedDemoMap } from '~/models/village-info/demo-map.server'
import { fillSettingsIfEmpty } from './settings.server'
import { ADMIN_ROLE } from '~/models/accounts/user.server'

const USER_ROLE_PERMISSIONS: readonly string[] = [
  'dashboard-index',
  'posts-index',
  'pages-index',
  'photos-index',
  'sliders-index',
] satisfies PermissionName[]

/**
 * Idempotent: creates what is missing and changes nothing that exists (a restart never resets a password
 * or a role someone edited). The admin role is topped up with every permission, as it must always hold them.
 * The demo village is written only on the very first start (when no user existed yet).
 */
export async function seed({
  demo = getEnv().SEED_DEMO,
  siteName = getEnv().SITE_NAME,
  adminPassword = getEnv().SEED_ADMIN_PASSWORD,
  staffAccount = true,
}: {
  demo?: boolean
  /** The village's name, written once into an empty database. */
  siteName?: string
  adminPassword?: string
  /** The demo's second account, `user` (a regency's new village has only `admin`: docs/api.md). */
  staffAccount?: boolean
} = {}) {
  const env = getEnv()
  const firstStart = (await prisma.user.count()) === 0
  await serializeWrite(async () => {
    await fillSettingsIfEmpty(siteName)
    const existing = new Set((await prisma.permission.findMany({ select: { name: true } })).map((p) => p.name))
    for (const name of SEEDED_PERMISSIONS) {
      if (!existing.has(name)) await prisma.permission.create({ data: { name } })
    }
    const permissions = await prisma.permission.findMany({ select: { id: true, name: true } })
    const admin = await prisma.role.upsert({
      where: { name: ADMIN_ROLE },
      update: {},
      create: { name: ADMIN_ROLE },
      select: { id: true },
    })
    const held = new Set(
      (await prisma.rolePermission.findMany({ where: { role_id: admin.id }, select: { permission_id: true } })).map(
        (r) => r.permission_id,
      ),
    )
    const missing = permissions.filter((p) => !held.has(p.id))
    if (missing.length)
      await prisma.rolePermission.createMany({ data: missing.map((p) => ({ role_id: admin.id, permission_id: p.id })) })

    let userRole = await prisma.role.findUnique({ where: { name: 'user' }, select: { id: true } })
    if (!userRole && firstStart) {
      userRole = await prisma.role.create({
        data: {
          name: 'user',
          permissions: {
            create: permissions
              .filter((p) => USER_ROLE_PERMISSIONS.includes(p.name))
              .map((p) => ({ permission_id: p.id })),
          },
        },
        select: { id: true },
      })
    }
    if (firstStart) {
      await prisma.user.create({
        data: {
          name: 'Administrator',
          username: 'admin',
          email: 'admin@example.com',
          password: await hashPassword(adminPassword),
          roles: { create: { role_id: admin.id } },
        },
      })
      if (staffAccount)
        await prisma.user.create({
          data: {
            name: 'Staf Desa',
            username: 'user',
            email: 'user@example.com',
            password: await hashPassword(env.SEED_USER_PASSWORD),
            roles: userRole ? { create: { role_id: userRole.id } } : undefined,
          },
        })
    }
  })
  if (firstStart && demo) await seedDemoVillage(siteName)
  return { firstStart }
}

/** A picture drawn locally (no downloads): a gradient, a simple landscape and a label. */
async function demoPicture(kind: UploadKind, label: string, hue: number, width = 1200, height = 800): Promise<string> {
  const escape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.22}" r="${height * 0.09}" fill="hsl(48,95%,70%)"/>
    <path d="M0 ${height * 0.72} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.68} ` +
    `T ${width} ${height * 0.62} V ${height} H 0 Z" fill="hsl(${(hue + 90) % 360},45%,30%)" opacity="0.85"/>
    <text x="50%" y="${height * 0.47}" font-family="sans-serif" font-size="${Math.round(height / 11)}" ` +
    `font-weight="700" fill="#fff" text-anchor="middle">${escape(label)}</text>
  </svg>`
  const tempDir = await stagingFolder('seed-')
  try {
    const tempPath = path.join(tempDir, 'picture.jpg')
    await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(tempPath)
    const { size } = await fsp.stat(tempPath)
    return await storeImage({ tempPath, size, originalName: 'demo.jpg' }, kind)
  } finally {
    await fsp.rm(tempDir, { recursive: true, force: true })
  }
}

async function seedDemoVillage(siteName: string) {
  const village = demoVillage(siteName)
  const admin = await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } })
  // Pictures are drawn before the write queue is taken, so the site stays responsive meanwhile.
  const postImages = await Promise.all(
    village.posts.map((post, i) => demoPicture('posts', post.title.split(' ').slice(0, 3).join(' '), (i * 47) % 360)),
  )
  const productImages = await Promise.all(
    village.products.map((product, i) => demoPicture('products', product.title, (i * 61 + 20) % 360, 900, 900)),
  )
  const photoImages = await Promise.all(
    village.photos.map((photo, i) => demoPicture('photos', photo.caption, (i * 29 + 100) % 360)),
  )
  const sliderImages = await Promise.all(
    village.sliders.map((slider, i) => demoPicture('sliders', slider.label, (i * 90 + 140) % 360, 1600, 700)),
  )
  const aparaturImages = await Promise.all(
    village.aparaturs.map((person, i) =>
      demoPicture('aparaturs', person.name.split(' ')[0], (i * 37 + 200) % 360, 600, 600),
    ),
  )
  const developmentImages = await Promise.all(
    village.developments.map((project, i) =>
      demoPicture('developments', project.title.split(' ').slice(0, 3).join(' '), (i * 53 + 30) % 360),
    ),
  )
  const progressImages = await Promise.all(
    village.developments.flatMap((project, i) =>
      project.photos.map((photo, j) =>
        demoPicture('developments', `Progres ${photo.progress}%`, (i * 53 + j * 20) % 360),
      ),
    ),
  )

  await serializeWrite(async () => {
    const categories = new Map<string, number>()
    for (const name of village.categories) {
      const row = await prisma.category.create({ data: { name, slug: slugify(name) }, select: { id: true } })
      categories.set(name, row.id)
    }
    // Oldest first, so the ids (the lists' order) put the newest on top.
    const day = 24 * 3600 * 1000
    const base = Date.now() - village.posts.length * 3 * day
    for (const [i, post] of village.posts.entries()) {
      const when = new Date(base + i * 3 * day)
      await prisma.post.create({
        data: {
          title: post.title,
          slug: slugify(post.title),
          content: post.content,
          image: postImages[i],
          category_id: categories.get(post.category)!,
          user_id: admin.id,
          published_at: when,
          created_at: when,
          updated_at: when,
        },
      })
    }
    // Published as they are created (the public sees an item only with a publish time: publishing.server.ts).
    const now = new Date()
    for (const page of village.pages) {
      await prisma.page.create({
        data: {
          title: page.title,
          slug: slugify(page.title),
          content: page.content,
          user_id: admin.id,
          published_at: now,
        },
      })
    }
    for (const [i, product] of village.products.entries()) {
      await prisma.product.create({
        data: {
          ...product,
          slug: slugify(product.title),
          image: productImages[i],
          user_id: admin.id,
          published_at: now,
        },
      })
    }
    for (const [i, photo] of village.photos.entries()) {
      await prisma.photo.create({ data: { ...photo, image: photoImages[i] } })
    }
    for (const [i, slider] of village.sliders.entries()) {
      await prisma.slider.create({ data: { description: slider.description, image: sliderImages[i] } })
    }
    for (const [i, person] of village.aparaturs.entries()) {
      await prisma.aparatur.create({ data: { ...person, image: aparaturImages[i] } })
    }
    // The budget of two years and four development projects (docs/api.md "Village information and services").
    for (const budget of village.budgets) {
      await prisma.budget.create({
        data: {
          year: budget.year,
          regulation_number: budget.regulation_number,
          published_at: now,
          items: {
            createMany: {
              data: budget.items.map((item, position) => ({
                ...item,
                position,
                amount: BigInt(item.amount),
                realized: BigInt(item.realized),
              })),
            },
          },
        },
      })
    }
    const photoFiles = [...progressImages]
    for (const [i, { photos, ...project }] of village.developments.entries()) {
      await prisma.development.create({
        data: {
          ...project,
          budget: BigInt(project.budget),
          slug: slugify(project.title),
          image: developmentImages[i],
          image_alt: `Foto ${project.title}`,
          published_at: now,
          photos: {
            create: photos.map((photo) => ({ ...photo, image: photoFiles.shift()!, image_alt: photo.caption })),
          },
        },
      })
    }
    await seedVillageInformation(village, now)
    // Peta Desa: the boundary, the dusun, the public places and where some products and events are.
    await seedDemoMap()
  })
  // Every picture now has its record: one write lifts all their markers.
  await unmarkPending([
    ...postImages,
    ...productImages,
    ...photoImages,
    ...sliderImages,
    ...aparaturImages,
    ...developmentImages,
    ...progressImages,
  ])
  // Informasi Publik and Layanan: documents with their PDFs, and public reports with answers.
  await seedDemoInformation(admin.id, getEnv().SITE_NAME)
  // Layanan Surat: the six common letter types, signed by the Kepala Desa.
  await seedDemoLetterTypes()
}

/** The demo village's agenda, announcements and statistics (inside the seed's write). */
async function seedVillageInformation(village: ReturnType<typeof demoVillage>, now: Date) {
  const zone = getEnv().TZ
  const day = 24 * 3600 * 1000
  // The village's date `days` from today, and a time of that day in its zone.
  const dateIn = (days: number) => toZonedInput(new Date(now.getTime() + days * day), zone).slice(0, 10)
  const at = (date: string, time: string) => fromZonedTime(`${date}T${time}`, zone)!
  for (const event of village.events) {
    const date = dateIn(event.days)
    const times = event.allDay
      ? { starts_at: new Date(`${date}T00:00:00Z`), ends_at: null, all_day: true }
      : { starts_at: at(date, event.from!), ends_at: at(date, event.to!), all_day: false }
    await prisma.event.create({
      data: {
        title: event.title,
        slug: slugify(event.title),
        description: event.description,
        location: event.location,
        organizer: event.organizer,
        ...times,
        ended_at: eventEndedAt(times, zone),
        published_at: now,
      },
    })
  }
  for (const item of village.announcements) {
    const starts = new Date(now.getTime() + item.days * day)
    await prisma.announcement.create({
      data: {
        title: item.title,
        content: item.content,
        starts_at: starts,
        ends_at: new Date(starts.getTime() + item.hours * 3600 * 1000),
      },
    })
  }
  for (const dataset of village.statistics) {
    await prisma.statistic.create({
      data: {
        ...dataset,
        year: now.getFullYear(),
        slug: slugify(dataset.title),
        columns: JSON.stringify(dataset.columns),
        rows: JSON.stringify(dataset.rows),
        published_at: now,
      },
    })
  }
}
