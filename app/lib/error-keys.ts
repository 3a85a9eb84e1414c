/**
 * The key clients read a field's error under (docs/api.md "Field error keys"): the input's name
 * capitalised (`title` -> `Title`, `permission_ids` -> `Permission_ids`), and `CategoryID` for `category_id`.
 * The models' validation writes errors under it and the admin forms read them from it.
 */
export const errorKey = (field: string) =>
  field === 'category_id' ? 'CategoryID' : field.charAt(0).toUpperCase() + field.slice(1)
