// Drizzle schema: the tables of ARCHITECTURE.md section 8 are added here by the modules that own them.
export * from '../modules/accounts/tables';
export * from '../modules/applications/tables';
export * from '../modules/audit/tables';
export * from '../modules/audit-trail/tables';
export * from '../modules/jobs/tables';
export * from '../modules/leadership/tables';
export * from '../modules/payment-flags/tables';
export * from '../modules/payments/tables';
export * from '../modules/profile-drafts/tables';
export * from '../modules/registration/tables';
export * from '../modules/sign-in-throttle/tables';
export * from '../modules/staff/tables';
export * from '../providers/sms/tables';
