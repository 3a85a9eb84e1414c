import { describe, expect, it } from 'vitest'
import { allAlsoFor, RESOURCES, screenResource } from '~/resources'
import { SEEDED_PERMISSIONS } from '~/resources/permissions'
import {
  addLabel,
  emptyTitle,
  errorKeysOf,
  listTitle,
  permissionsOf,
  publicTextFieldsOf,
  writeMessage,
  writeToast,
} from '~/resources/resource'

const all = Object.values(RESOURCES)

describe('the resource declarations', () => {
  it('give the success toasts ("... successfully!"), and the API the same words without the "!"', () => {
    const toasts = all.flatMap((resource) => [
      writeToast(resource, 'created'),
      writeToast(resource, 'updated'),
      writeToast(resource, 'deleted'),
    ])
    for (const text of [
      'Permission created successfully!',
      'Permission updated successfully!',
      'Permission deleted successfully!',
      'Role created successfully!',
      'Role updated successfully!',
      'Role deleted successfully!',
      'User created successfully!',
      'User updated successfully!',
      'User deleted successfully!',
      'Category created successfully!',
      'Category updated successfully!',
      'Category deleted successfully!',
      'Post created successfully!',
      'Post updated successfully!',
      'Post deleted successfully!',
      'Page created successfully!',
      'Page updated successfully!',
      'Product created successfully!',
      'Product updated successfully!',
      'Photo uploaded successfully!',
      'Slider uploaded successfully!',
      'Aparatur created successfully!',
      'Aparatur updated successfully!',
      'Page deleted successfully!',
      'Product deleted successfully!',
      'Photo deleted successfully!',
      'Slider deleted successfully!',
      'Aparatur deleted successfully!',
    ]) {
      expect(toasts).toContain(text)
    }
    expect(writeMessage(RESOURCES.posts, 'created')).toBe('Post created successfully')
    expect(writeMessage(RESOURCES.photos, 'created')).toBe('Photo uploaded successfully')
  })

  it(
    'name the text fields the public reads, ' +
      'which the gambling spam guard judges: every text field of a public resource',
    () => {
      const guarded = Object.fromEntries(all.map((resource) => [resource.name, publicTextFieldsOf(resource)]))
      expect(guarded.posts).toEqual(expect.arrayContaining(['title', 'content']))
      expect(guarded.products).toEqual(expect.arrayContaining(['title', 'content', 'owner', 'phone', 'address']))
      expect(guarded.aparaturs).toEqual(expect.arrayContaining(['name', 'position', 'description']))
      expect(guarded.photos).toEqual(expect.arrayContaining(['caption', 'description']))
      expect([guarded.categories, guarded.pages, guarded.sliders]).toEqual([
        ['name'],
        expect.arrayContaining(['title', 'content']),
        expect.arrayContaining(['description']),
      ])
      for (const name of ['image', 'category_id', 'price']) expect(Object.values(guarded).flat()).not.toContain(name)
      // The back office's own records are no public text, but for a user's name: the site shows it as a post's author.
      expect([guarded.users, guarded.roles, guarded.permissions]).toEqual([['name'], [], []])
    },
  )

  it('name the list screens and their empty states', () => {
    expect(all.map(listTitle)).toContain('Permissions')
    expect(listTitle(RESOURCES.roles)).toBe('Manage Roles')
    expect(all.map(emptyTitle)).toEqual(
      expect.arrayContaining([
        'No Role Found',
        'No User Found',
        'No Categories Found',
        'No Post Found',
        'No Permissions Found',
      ]),
    )
    expect(addLabel(RESOURCES.aparaturs)).toBe('Add New Aparatur')
    expect(addLabel(RESOURCES.sliders)).toBe('Upload a New Slider')
  })

  it("hold only seeded permission names, with the contract's extra readers of /all", () => {
    for (const resource of all) {
      for (const name of Object.values(permissionsOf(resource)).flat())
        if (name) expect(SEEDED_PERMISSIONS).toContain(name)
    }
    expect(permissionsOf(RESOURCES.photos).edit).toBeNull()
    expect(permissionsOf(RESOURCES.sliders).delete).toBe('sliders-delete')
    expect(allAlsoFor('roles')).toEqual(['users-create', 'users-edit'])
    expect(allAlsoFor('permissions')).toEqual(['roles-create', 'roles-edit'])
    expect(allAlsoFor('categories')).toEqual(['posts-create', 'posts-edit'])
    expect(allAlsoFor('posts')).toEqual([])
  })

  it('read the field error keys of the contract and the aliases the forms read', () => {
    const keys = (resource: keyof typeof RESOURCES) => RESOURCES[resource].fields.map(errorKeysOf)
    expect(keys('posts')).toEqual([
      ['Image', 'image'],
      ['Image_alt'],
      ['CategoryID', 'category_id'],
      ['Title'],
      ['Content'],
    ])
    expect(keys('roles')).toEqual([['Name'], ['Permission_ids', 'permission_ids']])
    expect(keys('users')).toEqual([['Name'], ['Username', 'Uni_users_username'], ['Email'], ['Password'], ['Role_ids']])
  })

  it('find the screens of an admin address as the router does (any case), and no form for photos or sliders', () => {
    expect(screenResource('Posts', false)?.name).toBe('posts')
    expect(screenResource('photos', false)?.name).toBe('photos')
    expect(screenResource('photos', true)).toBeUndefined()
    expect(screenResource('tidak-ada', false)).toBeUndefined()
    expect(screenResource('constructor', false)).toBeUndefined()
  })
})
