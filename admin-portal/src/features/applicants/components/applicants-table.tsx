import { type ApplicantProfile, formatRupees } from '@loan-portal/api-client';
import { EmptyState, StatusBadge } from '@loan-portal/ui-kit';
import { memo } from 'react';
import { Link } from 'react-router';
import { addAdminCatalog, useAdminI18n } from '../../../app/i18n';
import { ScrollRegion } from '../../../components/scroll-region';
import { messages } from '../../../locales/applicants.en';
import { displayAadhaar } from '../../identity-masking/display';
import styles from './applicants-page.module.css';

addAdminCatalog(messages);

export interface ApplicantsTableProps {
  profiles: ApplicantProfile[];
  loading: boolean;
  onToggleDelivered(profile: ApplicantProfile): void;
}

const COLUMNS = [
  /*i18n*/ 'applicants.column.applicant',
  /*i18n*/ 'applicants.column.loan',
  /*i18n*/ 'applicants.column.status',
  /*i18n*/ 'applicants.column.identity',
  /*i18n*/ 'applicants.column.bank',
  /*i18n*/ 'applicants.column.delivered',
] as const;

function orNA(value: string | null | undefined, na: string): string {
  return value?.trim() ? value : na;
}

/** The six columns of spec section 2; wide, so it scrolls sideways on a phone. */
export const ApplicantsTable = memo(function ApplicantsTable({
  profiles,
  loading,
  onToggleDelivered,
}: ApplicantsTableProps) {
  const i18n = useAdminI18n();
  const na = i18n._('applicants.notAvailable');
  return (
    <ScrollRegion label={i18n._('applicants.table')} className={styles.tableScroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {i18n._(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {profiles.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.emptyCell}>
                {loading ? null : <EmptyState title={i18n._('applicants.empty')} />}
              </td>
            </tr>
          ) : (
            profiles.map((profile) => (
              <tr key={profile.id}>
                <td>
                  {profile.registration ? (
                    <Link
                      to={`/portal-admin/applicants/${profile.registration.id}`}
                      className={`${styles.primary} ${styles.applicantLink}`}
                    >
                      {orNA(profile.full_name, na)}
                    </Link>
                  ) : (
                    <span className={styles.primary}>{orNA(profile.full_name, na)}</span>
                  )}
                  <span className={styles.secondary}>{orNA(profile.contact_number, na)}</span>
                </td>
                <td>
                  <span className={styles.primary}>{formatRupees(profile.loan_amount)}</span>
                  <span className={styles.secondary}>{orNA(profile.loan_type, na)}</span>
                </td>
                <td>
                  <StatusBadge status={profile.registration?.status} vocabulary="registration" />
                </td>
                <td>
                  <span className={styles.primary}>
                    {i18n._('applicants.pan', { value: orNA(profile.pan_number, na) })}
                  </span>
                  <span className={styles.secondary}>
                    {i18n._('applicants.aadhaar', {
                      value: orNA(displayAadhaar(profile.aadhaar_number), na),
                    })}
                  </span>
                </td>
                <td>
                  <span className={styles.primary}>{orNA(profile.bank_name, na)}</span>
                  <span className={styles.secondary}>
                    {i18n._('applicants.account', { value: orNA(profile.account_number, na) })}
                  </span>
                  <span className={styles.secondary}>
                    {i18n._('applicants.ifsc', { value: orNA(profile.ifsc_code, na) })}
                  </span>
                </td>
                <td className={styles.deliveredCell}>
                  {profile.registration ? (
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label={i18n._('applicants.deliveredFor', {
                        name: String(profile.full_name),
                      })}
                      checked={profile.registration.delivered}
                      // The box only asks; the value changes after 'Yes, Change' and the reload.
                      onChange={() => onToggleDelivered(profile)}
                    />
                  ) : (
                    <span title={i18n._('applicants.noRegistration')}>-</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
});
