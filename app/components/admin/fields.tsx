import { CheckboxGroup, errorFor, ImageField, SelectField, TextField, type FieldErrors } from './form'
import { RichTextField } from './rich-text'

/** The fields of each resource's form, shared by its create and edit screens. */

type Named = { id: number; name: string }

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Permissions grouped by the part of the name before the first hyphen ("posts-create" -> "Posts"). */
export function groupPermissions(permissions: Named[]) {
  const groups = new Map<string, Named[]>()
  for (const permission of permissions) {
    const prefix = permission.name.split('-')[0]
    groups.set(prefix, [...(groups.get(prefix) ?? []), permission])
  }
  return [...groups.entries()].map(([prefix, items]) => ({ title: capitalise(prefix), items }))
}

export function RoleFields({ errors, permissions, role }: { errors: FieldErrors; permissions: Named[]; role?: { name: string; permissions: { id: number }[] } }) {
  return (
    <>
      <TextField label="Role Name" name="name" defaultValue={role?.name} error={errorFor(errors, 'Name')} />
      <CheckboxGroup
        legend="Permissions"
        name="permission_ids"
        groups={groupPermissions(permissions)}
        checked={role?.permissions.map((permission) => permission.id) ?? []}
        error={errorFor(errors, 'Permission_ids', 'permission_ids')}
        className="max-h-[400px] overflow-y-auto rounded-lg border border-gray-200 p-4"
      />
    </>
  )
}

export function UserFields({
  errors,
  roles,
  user,
}: {
  errors: FieldErrors
  roles: Named[]
  user?: { name: string; username: string; email: string; roles: { id: number }[] }
}) {
  return (
    <>
      <TextField label="Full Name" name="name" defaultValue={user?.name} error={errorFor(errors, 'Name')} />
      <TextField label="Username" name="username" defaultValue={user?.username} error={errorFor(errors, 'Username', 'Uni_users_username')} autoComplete="off" />
      <TextField label="Email" name="email" type="email" defaultValue={user?.email} error={errorFor(errors, 'Email')} autoComplete="off" />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={user ? 'Leave blank to keep the current password' : undefined}
        error={errorFor(errors, 'Password')}
      />
      <CheckboxGroup
        legend="Assign Roles"
        name="role_ids"
        groups={[{ items: roles }]}
        checked={user?.roles.map((role) => role.id) ?? []}
        error={errorFor(errors, 'Role_ids')}
      />
    </>
  )
}

const imageError = (errors: FieldErrors) => errorFor(errors, 'Image', 'image')
const upload = (kind: string, image?: string | null) => (image ? `/uploads/${kind}/${image}` : null)

export function PostFields({
  errors,
  categories,
  post,
}: {
  errors: FieldErrors
  categories: Named[]
  post?: { image: string | null; category_id: number | null; title: string; content: string }
}) {
  return (
    <>
      <ImageField error={imageError(errors)} current={upload('posts', post?.image)} />
      <SelectField
        label="Category"
        name="category_id"
        defaultValue={post?.category_id ?? 0}
        error={errorFor(errors, 'CategoryID', 'category_id')}
        options={[{ value: 0, label: 'Select Category' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
      />
      <TextField label="Title" name="title" defaultValue={post?.title} error={errorFor(errors, 'Title')} />
      <RichTextField label="Content" name="content" defaultValue={post?.content} error={errorFor(errors, 'Content')} />
    </>
  )
}

export function PageFields({ errors, page }: { errors: FieldErrors; page?: { title: string; content: string } }) {
  return (
    <>
      <TextField label="Title" name="title" defaultValue={page?.title} error={errorFor(errors, 'Title')} />
      <RichTextField label="Content" name="content" defaultValue={page?.content} error={errorFor(errors, 'Content')} />
    </>
  )
}

export function ProductFields({
  errors,
  product,
}: {
  errors: FieldErrors
  product?: { image: string | null; title: string; content: string; price: number; owner: string; phone: string; address: string }
}) {
  return (
    <>
      <ImageField error={imageError(errors)} current={upload('products', product?.image)} />
      <TextField label="Title" name="title" defaultValue={product?.title} error={errorFor(errors, 'Title')} />
      <RichTextField label="Content" name="content" defaultValue={product?.content} error={errorFor(errors, 'Content')} />
      <TextField label="Price" name="price" type="number" defaultValue={product?.price} error={errorFor(errors, 'Price')} />
      <TextField label="Owner" name="owner" defaultValue={product?.owner} error={errorFor(errors, 'Owner')} />
      <TextField label="Phone" name="phone" type="tel" defaultValue={product?.phone} error={errorFor(errors, 'Phone')} />
      {/* The spec's create screen has a multi-line address box, its edit screen a single line. */}
      <TextField label="Address" name="address" defaultValue={product?.address} error={errorFor(errors, 'Address')} multiline={!product} />
    </>
  )
}

export function AparaturFields({
  errors,
  aparatur,
}: {
  errors: FieldErrors
  aparatur?: { image: string | null; name: string; position: string; description: string | null }
}) {
  return (
    <>
      <ImageField error={imageError(errors)} current={upload('aparaturs', aparatur?.image)} />
      <TextField label="Name" name="name" defaultValue={aparatur?.name} error={errorFor(errors, 'Name')} />
      <TextField label="Position" name="position" defaultValue={aparatur?.position} error={errorFor(errors, 'Position')} />
      <RichTextField label="Description" name="description" defaultValue={aparatur?.description} error={errorFor(errors, 'Description')} />
    </>
  )
}
