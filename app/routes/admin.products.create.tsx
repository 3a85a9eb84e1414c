import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { ProductFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { createProduct } from '~/models/product.server'

export const meta = titled('Create Product')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'products-create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'products-create')
  return submitForm(request, (input) => createProduct(input, user), { to: '/admin/products', message: 'Product created successfully!' }, { resource: 'products' })
}

export default function CreateProduct() {
  return (
    <ResourceForm title="Create Product" mode="create" multipart>
      <ProductFields errors={useFieldErrors()} />
    </ResourceForm>
  )
}
