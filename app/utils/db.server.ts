import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from '~/generated/prisma-pg/client'
import { withoutNul } from './dialect.server'
import { getEnv } from './config.server'
import { log } from './error-log.server'
import { OutsideScopeError, perVillage } from './village-scope.server'
import { schemaPool } from './postgres-schemas.server'

export { serializeWrite } from './write-lock.server'
export { dataVersion } from './data-version.server'

declare global {
  // Survives module reloads in development so we never open the database twice.
  var __balaiDb: { prisma: PrismaClient; ready: Promise<void> } | undefined
}

/**
 * The database of DATABASE_URL: SQLite through better-sqlite3 (a `file:` address, the default) or PostgreSQL
 * through pg (docs/decisions/009-postgresql-through-adapter-pg.md). Both clients are generated from the one
 * schema (scripts/db-schema.mjs), so the code sees one type; where the dialects differ, see dialect.server.ts.
 * With REGENCY_HOST each village has a SQLite file of its own (`file`, from its scope: village-scope.server.ts).
 */
function connect(file = getEnv().DATABASE_FILE, schema = '') {
  const env = getEnv()
  if (env.DATABASE_PROVIDER === 'postgresql') {
    const adapter = schema
      ? inSchema(schema)
      : new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL })
    const prisma = new PostgresPrismaClient({ adapter }).$extends({
      query: { $allModels: { $allOperations: ({ args, query }) => query(withoutNul(args)) } },
    }) as unknown as PrismaClient
    return { prisma, ready: () => prisma.$queryRawUnsafe('SELECT 1').then(() => undefined) }
  }
  // One better-sqlite3 connection; `timeout` is SQLite's busy_timeout for other processes (workers, backup).
  const prisma = new PrismaClient({
    adapter: withSettings(new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 })),
  })
  return { prisma, ready: () => prisma.$queryRawUnsafe('SELECT 1').then(() => undefined) }
}

/** What PrismaClient takes as its `adapter`. */
type AdapterFactory = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>['adapter']>

/**
 * The SQLite connection's settings, made as Prisma opens it (on its first query), before any query of its own: see
 * docs/decisions/004-sqlite-durability-and-concurrency.md for why these, and
 * docs/decisions/061-erased-means-gone-from-the-file.md for `secure_delete` (what a write frees is zeroed, so an erased
 * or deleted value does not linger in the file's free space). Opening a Prisma client costs more than a
 * request (its query compiler, 10 to 25 ms here), so with REGENCY_HOST a village's is opened only when a request
 * queries it, never to answer what the public reader serves alone.
 */
function withSettings(factory: PrismaBetterSQLite3): AdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect()
      await adapter.executeScript(
        'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; ' +
          'PRAGMA secure_delete = ON;',
      )
      return adapter
    },
  }
}

/**
 * A village's schema on PostgreSQL (REGENCY_HOST, decision 055): Prisma told the schema (its own queries name it), on
 * the connections of the villages' one shared pool, each given the schema first on its `search_path` at checkout (the
 * raw queries' unqualified names): postgres-schemas.server.ts.
 */
function inSchema(schema: string): AdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: async () => new PrismaPg(await schemaPool(schema), { schema }).connect(),
  }
}

/**
 * With REGENCY_HOST: the client of the village whose scope the caller runs in, opened on first use and closed with
 * the scope. Outside of any scope there is no database to reach: an error, never a default village.
 */
const scoped = perVillage(
  'the Prisma client',
  (scope) => {
    if (!scope) throw new OutsideScopeError('the Prisma client')
    // Costs more than a request (decision 055): a public page of a village opened anew should never need it.
    log.debug({ event: 'village-prisma-open', village: scope.slug }, `Prisma client of ${scope.slug} opened`)
    return connect(scope.databaseFile, scope.databaseSchema)
  },
  (client) => client.prisma.$disconnect(),
)

/**
 * The scoped client behind one object: `prisma.post.findMany()` is the current village's. A model (`prisma.post`) is
 * itself a stand-in resolved at each call, so a module may keep one from its load (no scope then) and use it later.
 */
function scopedClient(): PrismaClient {
  type Members = Record<string | symbol, unknown>
  const member = (owner: Members, key: string | symbol) => {
    const value = owner[key]
    return typeof value === 'function' ? value.bind(owner) : value
  }
  const models = new Map<string | symbol, unknown>()
  return new Proxy({} as PrismaClient, {
    get(_target, key) {
      if (typeof key === 'string' && key.startsWith('$')) return member(scoped().prisma as unknown as Members, key)
      let model = models.get(key)
      if (!model) {
        model = new Proxy(
          {},
          { get: (_model, name) => member((scoped().prisma as unknown as Members)[key] as Members, name) },
        )
        models.set(key, model)
      }
      return model
    },
  })
}

const regency = getEnv().REGENCY_HOST !== ''
if (!regency) global.__balaiDb ??= (({ prisma, ready }) => ({ prisma, ready: ready() }))(connect())

export const prisma = regency ? scopedClient() : global.__balaiDb!.prisma
/** Resolves once the database answers (with REGENCY_HOST: at once; each village's opens on its first query). */
export const dbReady: Promise<void> = regency ? Promise.resolve() : global.__balaiDb!.ready
