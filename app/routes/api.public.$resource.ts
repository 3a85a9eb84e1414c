import { publicListApi, publicWriteApi } from '~/doors/public-api.server'

/** GET /api/public/{sliders, *_home}: a plain array; /api/public/{pages, posts, ...}: a page. */
export const loader = publicListApi
export const action = publicWriteApi('list')
