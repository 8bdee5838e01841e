import type { AuthConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { ensureStaffUser } from '../accounts/service';

/**
 * The account from ADMIN_USERNAME / ADMIN_PASSWORD, made at start-up when missing. It is a
 * superuser: on a first start it is the only account, and only a superuser opens the staff
 * screen that makes the others. An account of that name that already exists is left exactly as
 * it is (flags and password): a restart never grants, withdraws or resets anything.
 */
export async function ensureBootstrapAdmin(
  db: Database,
  admin: NonNullable<AuthConfig['bootstrapAdmin']>,
): Promise<{ id: number; created: boolean }> {
  return ensureStaffUser(db, { ...admin, superuser: true });
}
