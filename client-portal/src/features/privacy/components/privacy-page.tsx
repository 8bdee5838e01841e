import { Link } from 'react-router';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import styles from './privacy-page.module.css';

export const GRIEVANCE_OFFICER_ANCHOR = 'grievance-officer';

/**
 * /privacy: the notice a client accepts before submitting (DPDP Act 2023), readable before
 * sign-in. The product name, the notice's version and every contact come from /config.json, so
 * a deployment names its own grievance officer without a rebuild.
 */
export function PrivacyPage() {
  const config = useRuntimeConfig();
  const { user } = useSession();
  const officer = config.grievanceOfficer;
  return (
    <Page narrow>
      <Link to={user ? '/dashboard' : '/login'} className={styles.back}>
        ← {user ? 'Back to Dashboard' : 'Back to Sign In'}
      </Link>
      <h1 className={styles.title}>Privacy Notice</h1>
      <p className={styles.version}>
        {config.productName} · Version {config.privacyNoticeVersion}
      </p>

      <section className={styles.section} aria-labelledby="privacy-what">
        <h2 id="privacy-what">What we collect</h2>
        <p>
          Your mobile number and password (stored only as a hash) when you sign up. With your
          application: your name, contact numbers, Aadhaar and PAN numbers, bank name, account
          number and IFSC, address, the loan amount and type. Aadhaar and account numbers are stored
          encrypted. With your payment: the amount and the payment provider's references.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-why">
        <h2 id="privacy-why">Why we use it</h2>
        <p>
          Only for your loan application and its verification: to check your identity and bank
          details, to process the application fee, and to tell you about your application's status.
          We ask for your consent before you submit, and we record which version of this notice you
          accepted, when, and from which network address.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who sees it</h2>
        <p>
          Our staff who process applications, who see Aadhaar and account numbers masked unless they
          need the full number for a check, which is recorded. The payment provider receives what a
          payment needs. We do not sell your data.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your rights</h2>
        <p>
          You may ask for a copy of your data, its correction or its erasure, and withdraw your
          consent for what is not yet submitted. Records of payments are kept as long as the law
          requires.
        </p>
      </section>

      <section
        id={GRIEVANCE_OFFICER_ANCHOR}
        className={`${styles.section} ${styles.officer}`}
        aria-labelledby="privacy-officer"
      >
        <h2 id="privacy-officer">Grievance Officer</h2>
        <p>For a complaint about how your data or your application is handled, write or call:</p>
        <dl className={styles.contacts}>
          <dt>Name</dt>
          <dd>{officer.name}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${officer.phone.replace(/\s/g, '')}`}>{officer.phone}</a>
          </dd>
        </dl>
        <p className={styles.muted}>
          For help with your application, contact support at{' '}
          <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> or{' '}
          <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a>.
        </p>
      </section>
    </Page>
  );
}
