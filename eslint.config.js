import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Which folder may import which (docs/architecture.md). The app's layers, top to bottom:
 *   routes -> doors -> openapi -> auth -> models -> public-reads -> utils -> lib
 * (a route also names openapi, where its loader and action declare their operations),
 * with resources (declarations) and components beside them. Beside the app: core/ (plain modules that the app, the
 * HTTP front and the scripts all import), server/ + server.mjs (the HTTP front), scripts/. Imports run one way:
 * the front and the Node scripts never reach into app/ (the front gets the app's functions from the build; the
 * TypeScript development scripts only app/lib and the OpenAPI document), core/
 * imports nothing of the project but itself. Folders of app/ are named through `~/`, core/ through `#core/`; a
 * relative `../` would step around the rule.
 */
const APP_FOLDERS = ['routes', 'doors', 'openapi', 'auth', 'models', 'public-reads', 'utils', 'resources', 'components']
/** The modules of core/ that the browser may load too (no Node built-in, no secret). */
const BROWSER_CORE = ['image-variants.js', 'upload-kinds.js', 'time-zone.js']
const globs = (name) => (name === '.server' ? ['**/*.server'] : [`~/${name}`, `~/${name}/**`])
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const layer = (folder, forbidden, why, { browser = false } = {}) => ({
  files: [`app/${folder}/**/*.{ts,tsx,js}`],
  rules: restrict([
    {
      regex: '^\\.\\./',
      message: 'Import another folder of app/ through ~/ (the layers are checked by that path), core/ through #core/.',
    },
    ...forbidden.map((name) => ({ group: globs(name), message: `app/${folder} must not import ${name}: ${why}` })),
    ...(browser
      ? [
          {
            regex: `^#core/(?!(?:${BROWSER_CORE.map((name) => name.replace('.', '\\.')).join('|')})$)`,
            message: `app/${folder} reaches the browser: of core/ only ${BROWSER_CORE.join(', ')}`,
          },
        ]
      : []),
  ]),
})
const below = (...names) => APP_FOLDERS.filter((name) => !names.includes(name))

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'app/generated/**', 'node_modules/**', 'data/**', 'uploads/**', 'backups/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { 'react-hooks': reactHooks } },
  {
    // Only the app has React components; test helpers named use* (useBrowser) are vitest fixtures, not hooks.
    files: ['app/**/*.{ts,tsx}'],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Unused code is removed, not renamed: no `_` escape for variables or trailing parameters
      // (a parameter before a used one may stay, as `_req` in `(_req, res) => ...`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  layer('lib', [...APP_FOLDERS, 'root', '.server'], 'it runs in the browser and on the server', { browser: true }),
  layer('resources', [...below('resources'), 'root', '.server'], 'the declarations are read by the browser too', {
    browser: true,
  }),
  layer('utils', [...below('utils'), 'root'], 'utils know nothing of entities, screens or the public reads'),
  layer(
    'public-reads',
    [...below('public-reads', 'utils'), 'root'],
    'the read layer knows no entity: the models declare their reads with it',
  ),
  layer('models', [...below('models', 'public-reads', 'utils', 'resources'), 'root'], 'models sit below the doors'),
  layer('openapi', ['routes', 'doors', 'components', 'root'], 'the document is made from the models'),
  layer('auth', ['routes', 'doors', 'openapi', 'components', 'root'], 'auth sits below the doors'),
  layer('doors', ['routes', 'components', 'root'], 'doors serve the routes'),
  // A route may name openapi (app/openapi/operations.server.ts): its loader and action declare their operations
  // there (`declare`), and openapi reads them from the route manifest that the route gives it, never by import.
  layer(
    'routes',
    ['auth', 'models', 'public-reads', 'utils', 'root'],
    'a route goes through a door (its loader and action come from app/doors), and nothing imports root.tsx',
  ),
  {
    // The root route is a route: its loader comes from a door (app/doors/site/root-data.server.ts). Nothing imports it.
    files: ['app/root.tsx'],
    rules: restrict(
      ['auth', 'openapi', 'models', 'public-reads', 'utils'].map((name) => ({
        group: [`./${name}`, `./${name}/*`, ...globs(name)],
        message: `app/root.tsx must not import ${name}: a route goes through a door (its loader comes from app/doors)`,
      })),
    ),
  },
  layer(
    'components',
    ['routes', 'doors', 'auth', 'openapi', 'models', 'public-reads', 'utils', '.server'],
    'components reach the browser: no server code',
    { browser: true },
  ),
  {
    // The HTTP front gets the app's functions from the build it loads, never by importing app/.
    files: ['server.mjs', 'server/**/*.mjs'],
    rules: restrict([{ regex: '(^|/)app/|^~/', message: 'The front never imports app/: it calls the build.' }]),
  },
  {
    files: ['core/**/*.{js,mjs}'],
    rules: restrict([
      { regex: '^\\.\\./', message: 'core/ imports nothing of the project but itself.' },
      { regex: '^[~#]', message: 'core/ imports nothing of the project but itself.' },
    ]),
  },
  {
    // The scripts that run in production (backup, restore, migrate, start) are plain Node: core/ and each other.
    files: ['scripts/**/*.mjs'],
    rules: restrict([
      { regex: '(^|/)(app|server)/|^~/', message: 'Scripts import core/ and each other, never the app or the front.' },
    ]),
  },
  {
    // The TypeScript scripts are development tools run through vite-node (`npm run openapi`, the bench's helpers):
    // besides core/, the app's plain helpers (app/lib) and the OpenAPI document they write, never the front, the
    // screens, the doors or the models (a script that needs data goes through the API; decision 067).
    files: ['scripts/**/*.ts'],
    rules: restrict([
      {
        regex: '(^|/)server/|^~/|(^|/)app/(?!lib/[^/]+$|openapi/api-document\\.server$)',
        message: 'A TypeScript script imports core/, app/lib and app/openapi/api-document.server only (decision 067).',
      },
    ]),
  },
  {
    files: ['app/components/**/*.server.*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'No .server module under app/components: server code lives in app/utils, app/models or app/doors.',
        },
      ],
    },
  },
)
