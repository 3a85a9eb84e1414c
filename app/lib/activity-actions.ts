/** The actions of docs/api.md "Activity log" (the log's model records them; the log screen names them). */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'login_failed',
  'logout',
  'password_change',
  'password_reset',
  'two_factor_on',
  'two_factor_off',
  'settings_update',
  'spam_blocked',
  // Citizen reports (docs/api.md "Citizen reports"): a citizen filed one; staff answered one (a status change or the
  // public switch is an `update` naming the fields); the daily clean-up erased a closed report's contact details.
  'report_filed',
  'report_response',
  'report_contact_erased',
  // Letters (docs/api.md "Letters"): a villager asked for one or corrected it; staff issued or revoked one (a status
  // change is an `update`); the daily clean-up erased an ended request's personal data.
  'letter_requested',
  'letter_request_corrected',
  'letter_issued',
  'letter_revoked',
  'letter_data_erased',
  // Revisions and preview links (docs/api.md): an item brought back to a revision; a preview link made or revoked.
  'restore',
  'preview_link_created',
  'preview_link_revoked',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]
