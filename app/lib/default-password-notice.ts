/**
 * The default-password warning of the admin shell (app/doors/site/admin.server.ts): the seeded accounts that still take
 * the public default password, named only to a user who may change them (`users-edit`); `ask` for everyone else. At
 * the regency's console (`ownAccount`) the account `kabupaten` is changed in Akun Saya, there being no user screens.
 */
export type DefaultPasswordNotice = { accounts: string[]; ownAccount?: true } | { ask: true } | null
