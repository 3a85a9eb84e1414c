/**
 * The default-password warning of the admin shell (app/doors/admin.server.ts): the seeded accounts that still take
 * the public default password, named only to a user who may change them (`users-edit`); `ask` for everyone else.
 */
export type DefaultPasswordNotice = { accounts: string[] } | { ask: true } | null
