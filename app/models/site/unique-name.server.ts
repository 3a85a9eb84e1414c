import { validationError } from '~/utils/http.server'

/** A table whose rows have a unique `name`: categories, permissions, roles. */
type NamedTable = {
  findFirst(args: {
    where: { name: string; NOT?: { id: number } }
    select: { id: true }
  }): PromiseLike<{ id: number } | null>
}

/** Whether a row of `table` other than `exceptId` has this name. */
export async function nameTaken(table: NamedTable, name: string, exceptId?: number): Promise<boolean> {
  return !!(await table.findFirst({
    where: { name, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  }))
}

/** A 422 `Name already exists` when another row of `table` has this name (the write's own row is `exceptId`). */
export async function assertNameFree(table: NamedTable, name: string, exceptId?: number) {
  if (await nameTaken(table, name, exceptId)) throw validationError({ Name: 'Name already exists' })
}
