import { type ApplicantProfile, formatRupees } from '@loan-portal/api-client';
import { EmptyState, StatusBadge } from '@loan-portal/ui-kit';
import { memo } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/scroll-region';
import { displayAadhaar } from '../../identity-masking/display';
import styles from './applicants-page.module.css';

export interface ApplicantsTableProps {
  profiles: ApplicantProfile[];
  loading: boolean;
  onToggleDelivered(profile: ApplicantProfile): void;
}

const COLUMNS = [
  'Applicant',
  'Loan Details',
  'Status',
  'Identity',
  'Bank Details',
  'Delivered',
] as const;

function orNA(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

/** The six columns of spec section 2; wide, so it scrolls sideways on a phone. */
export const ApplicantsTable = memo(function ApplicantsTable({
  profiles,
  loading,
  onToggleDelivered,
}: ApplicantsTableProps) {
  return (
    <ScrollRegion label="Applicants table" className={styles.tableScroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {profiles.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.emptyCell}>
                {loading ? null : <EmptyState title="No profiles found." />}
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
                      {orNA(profile.full_name)}
                    </Link>
                  ) : (
                    <span className={styles.primary}>{orNA(profile.full_name)}</span>
                  )}
                  <span className={styles.secondary}>{orNA(profile.contact_number)}</span>
                </td>
                <td>
                  <span className={styles.primary}>{formatRupees(profile.loan_amount)}</span>
                  <span className={styles.secondary}>{orNA(profile.loan_type)}</span>
                </td>
                <td>
                  <StatusBadge status={profile.registration?.status} vocabulary="registration" />
                </td>
                <td>
                  <span className={styles.primary}>PAN: {orNA(profile.pan_number)}</span>
                  <span className={styles.secondary}>
                    Aadhaar: {orNA(displayAadhaar(profile.aadhaar_number))}
                  </span>
                </td>
                <td>
                  <span className={styles.primary}>{orNA(profile.bank_name)}</span>
                  <span className={styles.secondary}>A/C: {orNA(profile.account_number)}</span>
                  <span className={styles.secondary}>IFSC: {orNA(profile.ifsc_code)}</span>
                </td>
                <td className={styles.deliveredCell}>
                  {profile.registration ? (
                    <input
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label={`Delivered: ${profile.full_name}`}
                      checked={profile.registration.delivered}
                      // The box only asks; the value changes after 'Yes, Change' and the reload.
                      onChange={() => onToggleDelivered(profile)}
                    />
                  ) : (
                    <span title="No registration">-</span>
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
