import { methodNotAllowed, photoUploadApi } from '~/doors/village-info/project-photos.server'
import { at, declare, created, multipart } from '~/openapi/declare.server'
import { DevelopmentPhoto, idParam, imageFile, withFields, developmentPhotoInput } from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { permissionsOf } from '~/resources/resource'

/** POST /api/admin/developments/{id}/photos: a progress photo (multipart). */
export const loader = methodNotAllowed

export const action = declare(photoUploadApi, {
  ...at(idParam('development')).post(
    "Add a progress photo to a project (last in the project's order)",
    permissionsOf(RESOURCES.developments).update!,
    multipart(withFields(developmentPhotoInput, { image: imageFile() })),
  ),
  ...created(DevelopmentPhoto, 'Photo uploaded successfully'),
  description:
    'A multipart body: the image (required) and the fields. Error keys `Image`, `Caption`, `Image_alt`, `Progress`.',
})
