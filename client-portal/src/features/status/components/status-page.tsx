import { type Application, isLifecycleStatus } from '@loan-portal/api-client';
import { Button, Card, EmptyState, Spinner, StatusBadge, Timeline } from '@loan-portal/ui-kit';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { DownloadReceiptButton } from '../../../components/download-receipt-button';
import { Page } from '../../../components/page';
import { formatDate } from '../../../lib/dates';
import { httpStatusOf } from '../../../lib/http-status';
import { formatAadhaar, formatRupees } from '../../../lib/shared';
import { STATUS_TEXTS, timelineSteps } from '../../../lib/status-texts';
import styles from './status-page.module.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; application: Application }
  | { state: 'none' }
  | { state: 'failed' };

export function StatusPage() {
  const api = useApi();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    api
      .getApplication()
      .then((application) => {
        if (active) setLoad(application ? { state: 'ready', application } : { state: 'none' });
      })
      .catch((error: unknown) => {
        console.error('Could not load the application', error);
        if (!active) return;
        // None yet: start one. Any other failure: say so, with a way forward.
        setLoad(httpStatusOf(error) === 404 ? { state: 'none' } : { state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [api]);

  if (load.state === 'none') return <Navigate to="/register" replace />;
  return (
    <Page narrow>
      <Link to="/dashboard" className={styles.back}>
        ← Back to Dashboard
      </Link>
      <h1 className={styles.title}>Application Status</h1>
      {load.state === 'loading' ? (
        <div className={styles.loading}>
          <Spinner size="lg" label="Loading your application..." />
        </div>
      ) : load.state === 'failed' ? (
        <NotFound />
      ) : (
        <ApplicationDetails application={load.application} />
      )}
      <SupportBox />
    </Page>
  );
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <Card>
      <EmptyState
        titleAs="h2"
        title="No Application Found"
        description="We could not find an application for your account."
        action={<Button onClick={() => navigate('/register')}>Start New Application</Button>}
      />
    </Card>
  );
}

function StatusBanner({ application }: { application: Application }) {
  const navigate = useNavigate();
  const { applicationFeeInr } = useRuntimeConfig();
  if (application.status === 'draft') {
    return (
      <div className={`${styles.banner} ${styles.warning}`}>
        <h2 className={styles.bannerTitle}>Payment Pending</h2>
        <p className={styles.bannerText}>
          Your application is saved as a draft. Pay the one-time fee of{' '}
          {formatRupees(applicationFeeInr)} to submit it.
        </p>
        <Button onClick={() => navigate('/payment')}>Continue to Payment</Button>
      </div>
    );
  }
  if (application.status === 'paid') {
    return (
      <div className={`${styles.banner} ${styles.success}`}>
        <h2 className={styles.bannerTitle}>Application Submitted</h2>
        <p className={styles.bannerText}>Payment received. Your application is being processed.</p>
        <p className={styles.bannerText}>
          Submitted on <strong>{formatDate(application.submitted_at)}</strong>
        </p>
      </div>
    );
  }
  const texts = isLifecycleStatus(application.status)
    ? STATUS_TEXTS[application.status]
    : undefined;
  const tone =
    application.status === 'rejected'
      ? styles.danger
      : application.status === 'approved' || application.status === 'active'
        ? styles.success
        : styles.info;
  const reason =
    application.status === 'rejected'
      ? application.history?.filter((entry) => entry.status === 'rejected').at(-1)?.reason
      : undefined;
  return (
    <div className={`${styles.banner} ${tone}`}>
      <h2 className={styles.bannerTitle}>{texts?.title ?? 'Application Processing'}</h2>
      <p className={styles.bannerText}>
        {texts?.text ??
          'Your application is being reviewed. We will contact you if we need anything else.'}
      </p>
      {reason ? <p className={styles.bannerText}>Reason: {reason}</p> : null}
    </div>
  );
}

/** Before the fee is paid there is no receipt to download. */
const UNPAID = new Set(['draft', 'pending_payment']);

function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const text = String(value).trim();
  return text === '' ? 'N/A' : text;
}

function ApplicationDetails({ application }: { application: Application }) {
  const profile = application.profile ?? ({} as Partial<Application['profile']>);
  const aadhaar = profile.aadhaar_number ?? '';
  const details: [string, string][] = [
    ['Full Name', orNA(profile.full_name)],
    ['Aadhaar Number', /^\d{12}$/.test(aadhaar) ? formatAadhaar(aadhaar) : orNA(aadhaar)],
    ['PAN Number', orNA(profile.pan_number)],
    ['Bank Name', orNA(profile.bank_name)],
    ['Account Number', orNA(profile.account_number)],
    ['IFSC Code', orNA(profile.ifsc_code)],
    ['Address', orNA(profile.full_address)],
    ['City', orNA(profile.city)],
    ['State', orNA(profile.state)],
    ['PIN Code', orNA(profile.pin_code)],
    ['Contact Number', orNA(profile.contact_number)],
    ['Alternative Contact Number', orNA(profile.alternative_contact_number)],
  ];
  return (
    <>
      <Card
        title="Your Application"
        actions={<StatusBadge status={application.status} vocabulary="dashboard" />}
      >
        <dl className={styles.summary}>
          <div>
            <dt>Application ID</dt>
            <dd>{orNA(application.application_id)}</dd>
          </div>
          <div>
            <dt>Loan Amount</dt>
            <dd>{formatRupees(profile.loan_amount)}</dd>
          </div>
          <div>
            <dt>Loan Type</dt>
            <dd>{orNA(profile.loan_type)}</dd>
          </div>
        </dl>
        {UNPAID.has(application.status) ? null : (
          <div className={styles.receipt}>
            <DownloadReceiptButton />
          </div>
        )}
      </Card>
      <StatusBanner application={application} />
      <Card title="Progress" className={styles.progress}>
        <Timeline label="Application progress" steps={timelineSteps(application)} />
      </Card>
      <Card title="Application Details">
        <dl className={styles.details}>
          {details.map(([label, value]) => (
            <div key={label} className={styles.detail}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}

function SupportBox() {
  const { supportEmail, supportPhone } = useRuntimeConfig();
  return (
    <aside className={styles.support} aria-labelledby="status-support">
      <h2 id="status-support" className={styles.supportTitle}>
        Need help?
      </h2>
      <p className={styles.supportText}>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or call{' '}
        <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>.
      </p>
    </aside>
  );
}
