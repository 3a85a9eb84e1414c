import { smallMapOf, villageOutline } from '~/doors/village-info/map-pages.server'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { aparaturSummary, photoSummary, postSummary, productSummary, pageSummary, slideSummary } from '~/lib/summaries'
import { listPublicAparaturs } from '~/models/village-info/aparatur.server'
import { parseId } from '~/models/site/crud.server'
import { listPublicPages, previewPage } from '~/models/content/page.server'
import { listPublicPhotos } from '~/models/content/photo.server'
import { listPublicPosts, previewPost } from '~/models/content/post.server'
import { listPublicProducts, previewProduct } from '~/models/content/product.server'
import {
  publicAparatur,
  publicHomeAparaturs,
  publicHomePosts,
  publicHomeProducts,
  publicPageBySlug,
  publicPost,
  publicProduct,
  publicSliders,
} from '~/models/site/public-catalog.server'
import { notFoundResponse } from '~/utils/http.server'
import { homeAgenda } from './events.server'
import { homeBudget } from '~/doors/village-info/transparency.server'
import { detailLoader, foundOr404, publicPage } from '~/doors/site/public.server'

/** The loaders of the public site's screens, one per route (app/routes/_public.*). */

/** The home page: the slider, the newest products, posts and officials, the coming events, the newest budget. */
export async function homeLoader() {
  const [sliders, products, posts, aparaturs, agenda, budget] = await Promise.all([
    publicSliders(),
    publicHomeProducts(),
    publicHomePosts(),
    publicHomeAparaturs(),
    homeAgenda(),
    homeBudget(),
  ])
  return {
    sliders: sliders.map(slideSummary),
    products: products.map(productSummary),
    posts: posts.map(postSummary),
    aparaturs: aparaturs.map(aparaturSummary),
    agenda,
    budget,
  }
}

type Args = LoaderFunctionArgs

export const postsLoader = ({ request, context }: Args) => publicPage(request, context, listPublicPosts, postSummary)
export const pagesLoader = ({ request, context }: Args) => publicPage(request, context, listPublicPages, pageSummary)
export const photosLoader = ({ request, context }: Args) => publicPage(request, context, listPublicPhotos, photoSummary)
export const productsLoader = ({ request, context }: Args) =>
  publicPage(request, context, listPublicProducts, productSummary)
export const aparatursLoader = ({ request, context }: Args) =>
  publicPage(request, context, listPublicAparaturs, aparaturSummary)

export const postLoader = (args: Args) =>
  detailLoader(args, 'posts', { visible: publicPost, preview: previewPost }, (post, preview) => ({ post, preview }))
export const pageLoader = (args: Args) =>
  detailLoader(args, 'pages', { visible: publicPageBySlug, preview: previewPage }, (page, preview) => ({
    page,
    preview,
  }))
export const productLoader = async (args: Args) => {
  const outline = await villageOutline()
  return detailLoader(args, 'products', { visible: publicProduct, preview: previewProduct }, (product, preview) => ({
    product,
    smallMap: smallMapOf(product, outline),
    preview,
  }))
}

export async function aparaturLoader({ params }: Args) {
  const id = parseId(params.id)
  if (id === null) throw notFoundResponse()
  return { aparatur: await foundOr404(() => publicAparatur(id)) }
}

/**
 * Areas with their own "not found" answers (a build file an old page still asks for among them): an unknown path there
 * is a 404, not a trip to the home page.
 */
const OWN_NOT_FOUND = ['/api', '/admin', '/uploads', '/assets']

/**
 * Any other unknown path goes to the home page. An address that is not valid percent-encoding
 * (`/posts/%ff%fe`) arrives here flagged by the server (server/http-front.mjs): the 400 screen.
 */
export function unknownPathLoader({ request, context }: Args) {
  if (context.badAddress === true) throw data(null, { status: 400, statusText: 'Bad Request' })
  const { pathname } = new URL(request.url)
  if (OWN_NOT_FOUND.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    throw notFoundResponse()
  }
  return new Response(null, { status: 302, headers: { Location: '/' } })
}
