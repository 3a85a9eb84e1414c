import { methodNotAllowed, photoUploadApi } from '~/doors/village-info/project-photos.server'
import {
  declare,
  DevelopmentPhoto,
  idParam,
  imageFile,
  withFields,
  developmentPhotoInput,
} from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** POST /api/admin/developments/{id}/photos: a progress photo (multipart). */
export const loader = methodNotAllowed

export const action = declare(photoUploadApi, {
  method: 'post',
  tag: 'Developments',
  summary: "Add a progress photo to a project (last in the project's order)",
  description:
    'A multipart body: the image (required) and the fields. Error keys `Image`, `Caption`, `Image_alt`, ' +
    '`Progress`.',
  permissions: permissionsOf(RESOURCES.developments).update!,
  params: idParam('development'),
  body: { multipart: withFields(developmentPhotoInput, { image: imageFile() }) },
  ok: { status: 201, data: DevelopmentPhoto, message: 'Photo uploaded successfully' },
  fails: [404],
})
