// A server build of a few routes, declared as the app's are (id, parent, path, index, module with its handle), for the
// unit tests of what the front reads from route handles (the response cache's cacheKey, the regency host's regency).

/** A screen's module: a component and a loader. */
export const page = { default: () => null, loader: () => null }

/** One route of the build's flat manifest, under `parentId`. */
export const route = (id: string, path: string | undefined, module: object, parentId = 'root', index = false) => ({
  [id]: { id, parentId, path, index, module },
})

/** The root route and the public layout every public screen sits in. */
export const rootRoutes = () => ({
  root: { id: 'root', path: '', module: { default: () => null } },
  ...route('routes/_public', undefined, { default: () => null }),
})
