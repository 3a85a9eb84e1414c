import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { ProductFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { getProduct, updateProduct } from '~/models/product.server'

export const meta = titled('Edit Product')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'products-edit')
  return loadRecord(() => getProduct(routeId(params.id)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'products-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updateProduct(id, input, user), { to: '/admin/products', message: 'Product updated successfully!' }, { resource: 'products', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditProduct() {
  const product = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Edit Product" mode="edit" multipart>
      <ProductFields errors={useFieldErrors()} product={product} />
    </ResourceForm>
  )
}
