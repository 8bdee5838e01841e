/**
 * The audit trail's actions with the words the back office shows for them. The server accepts
 * these and any action already recorded; a module that writes a new action adds it here.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'admin.login.succeeded': 'Staff sign-in',
  'admin.login.failed': 'Failed staff sign-in',
  'admin.login.password_accepted': 'Staff password accepted',
  'admin.password.changed': 'Staff password changed',
  'admin.totp.enabled': 'Second factor enrolled',
  'admin.totp.enrolment_failed': 'Second factor enrolment failed',
  'admin.recovery_code.used': 'Recovery code used',
  'staff.created': 'Staff account created',
  'staff.disabled': 'Staff account disabled',
  'staff.enabled': 'Staff account enabled',
  'staff.password.reset': 'Staff password reset',
  'staff.second_factor.reset': 'Staff second factor reset',
  'staff.superuser.granted': 'Superuser granted',
  'staff.superuser.withdrawn': 'Superuser withdrawn',
  'staff.settings.changed': 'Security settings changed',
  'account.data_exported': 'Client data exported',
  'account.erased': 'Client account erased',
  'profiles.exported': 'Applicants exported',
  'registration.delivered': 'Delivered changed',
  'applicant.number_revealed': 'Number revealed',
  'application.transitioned': 'Status changed',
  'application.transition_refused': 'Status change refused',
  'application.note_added': 'Note added',
  'application.note_refused': 'Note refused',
  'audit.exported': 'Audit trail exported',
  'payment_flag.resolved': 'Flagged payment resolved',
  'payment_flag.refunded': 'Flagged payment refunded',
};

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS);

/** Actions whose subject is a registration id: the applicant filter matches these. */
export const APPLICANT_ACTION_PREFIXES = [
  'registration.',
  'applicant.',
  'application.',
  'payment_flag.',
] as const;

export function isApplicantAction(action: string): boolean {
  return APPLICANT_ACTION_PREFIXES.some((prefix) => action.startsWith(prefix));
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
