import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers of app/ (docs/architecture.md): each folder may import only from the folders below it.
 *   routes -> doors -> auth -> models -> server -> lib;  resources (declarations) and components beside them.
 * Folders outside a file's own reach are named through `~/`; a relative `../` would step around the rule.
 */
const globs = (name) => (name === '.server' ? ['**/*.server'] : [`~/${name}`, `~/${name}/*`])
const layer = (folder, forbidden, why) => ({
  files: [`app/${folder}/**/*.{ts,tsx,js}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // The plain modules of the root server/ folder (shared with server.mjs, e.g. storage.mjs) are reached
          // relatively.
          {
            regex: '^\\.\\./(?!\\.\\./server/[\\w-]+\\.mjs$)',
            message: 'Import another folder of app/ through ~/ (the layers are checked by that path).',
          },
          ...forbidden.map((name) => ({
            group: globs(name),
            message: `app/${folder} must not import ${name}: ${why}`,
          })),
        ],
      },
    ],
  },
})

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
  layer(
    'lib',
    ['routes', 'doors', 'auth', 'models', 'server', 'resources', 'components', 'root', '.server'],
    'it runs in the browser and on the server',
  ),
  layer(
    'resources',
    ['routes', 'doors', 'auth', 'models', 'server', 'components', 'root', '.server'],
    'the declarations are read by the browser too',
  ),
  layer(
    'server',
    ['routes', 'doors', 'auth', 'models', 'resources', 'components', 'root'],
    'server helpers know nothing of entities or screens',
  ),
  layer(
    'models',
    ['routes', 'doors', 'auth', 'components', 'root'],
    'the acting user is the plain SessionUser of models/user.server.ts',
  ),
  layer('auth', ['routes', 'doors', 'components', 'root'], 'auth sits below the doors'),
  layer('doors', ['routes', 'components', 'root'], 'doors serve the routes'),
  layer(
    'components',
    ['routes', 'doors', 'auth', 'models', 'server', '.server'],
    'components reach the browser: no server code',
  ),
  {
    files: ['app/components/**/*.server.*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'No .server module under app/components: server code lives in app/server, app/models or app/doors.',
        },
      ],
    },
  },
)
