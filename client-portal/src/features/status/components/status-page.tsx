import { Trans, useLingui } from '@lingui/react';
import { type Application, isLifecycleStatus } from '@loan-portal/api-client';
import { Button, Card, EmptyState, StatusBadge, Timeline } from '@loan-portal/ui-kit';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { DownloadReceiptButton } from '../../../components/download-receipt-button';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { httpStatusOf } from '../../../lib/http-status';
import { loanTypeName, stateName } from '../../../lib/option-names';
import { formatAadhaar } from '../../../lib/shared';
import { statusExplanation, timelineSteps } from '../../../lib/status-texts';
import { useFormat } from '../../../lib/use-format';
import styles from './status-page.module.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; application: Application }
  | { state: 'none' }
  | { state: 'failed' };

export function StatusPage() {
  const api = useApi();
  const { i18n } = useLingui();
  // The session read the application with the user, before any page: shown at once, then
  // refreshed (issue 17: the details, the page's largest paint, waited for a second request).
  const { application: known } = useSession();
  const [load, setLoad] = useState<Load>(() =>
    known ? { state: 'ready', application: known } : { state: 'loading' },
  );

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
        // None yet: start one. Any other failure: say so, with a way forward (unless the
        // session's copy is already shown).
        if (httpStatusOf(error) === 404) setLoad({ state: 'none' });
        else setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' }));
      });
    return () => {
      active = false;
    };
  }, [api]);

  if (load.state === 'none') return <Navigate to="/register" replace />;
  return (
    <Page narrow>
      <Link to="/dashboard" className={styles.back}>
        ← {i18n._('common.backToDashboard')}
      </Link>
      <h1 className={styles.title}>{i18n._('statusPage.title')}</h1>
      {load.state === 'loading' ? (
        // As tall as the screen: the help box and the footer wait below the fold, so the details
        // arriving (taller still) move nothing the reader sees (issue 17: CLS 0.24 -> 0).
        <PageLoading label={i18n._('common.loadingApplication')} />
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
  const { i18n } = useLingui();
  return (
    <Card>
      <EmptyState
        titleAs="h2"
        title={i18n._('statusPage.notFound')}
        description={i18n._('statusPage.notFoundText')}
        action={
          <Button onClick={() => navigate('/register')}>{i18n._('statusPage.startNew')}</Button>
        }
      />
    </Card>
  );
}

function StatusBanner({ application }: { application: Application }) {
  const navigate = useNavigate();
  const { applicationFeeInr } = useRuntimeConfig();
  const { i18n } = useLingui();
  const format = useFormat();
  if (application.status === 'draft') {
    return (
      <div className={`${styles.banner} ${styles.warning}`}>
        <h2 className={styles.bannerTitle}>{i18n._('statusPage.paymentPending')}</h2>
        <p className={styles.bannerText}>
          {i18n._('statusPage.paymentPendingText', { fee: format.money(applicationFeeInr) })}
        </p>
        <Button onClick={() => navigate('/payment')}>
          {i18n._('statusPage.continueToPayment')}
        </Button>
      </div>
    );
  }
  if (application.status === 'paid') {
    return (
      <div className={`${styles.banner} ${styles.success}`}>
        <h2 className={styles.bannerTitle}>{i18n._('statusPage.submitted')}</h2>
        <p className={styles.bannerText}>{i18n._('statusPage.submittedText')}</p>
        <p className={styles.bannerText}>
          <Trans
            id="statusPage.submittedOn"
            values={{ date: format.date(application.submitted_at) }}
            components={{ 0: <strong /> }}
          />
        </p>
      </div>
    );
  }
  const texts = isLifecycleStatus(application.status)
    ? statusExplanation(i18n, application.status)
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
      <h2 className={styles.bannerTitle}>
        {texts?.title ?? i18n._('statusText.processing.title')}
      </h2>
      <p className={styles.bannerText}>{texts?.text ?? i18n._('statusText.processing.text')}</p>
      {reason ? (
        <p className={styles.bannerText}>{i18n._('statusText.reason', { reason })}</p>
      ) : null}
    </div>
  );
}

/** Before the fee is paid there is no receipt to download. */
const UNPAID = new Set(['draft', 'pending_payment']);

function ApplicationDetails({ application }: { application: Application }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const orNA = (value: string | number | null | undefined): string => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    return text === '' ? format.na : text;
  };
  const profile = application.profile ?? ({} as Partial<Application['profile']>);
  const aadhaar = profile.aadhaar_number ?? '';
  const details: [string, string][] = [
    [i18n._('field.fullName'), orNA(profile.full_name)],
    [
      i18n._('field.aadhaarNumber'),
      /^\d{12}$/.test(aadhaar) ? formatAadhaar(aadhaar) : orNA(aadhaar),
    ],
    [i18n._('field.panNumber'), orNA(profile.pan_number)],
    [i18n._('field.bankName'), orNA(profile.bank_name)],
    [i18n._('field.accountNumber'), orNA(profile.account_number)],
    [i18n._('field.ifscCode'), orNA(profile.ifsc_code)],
    [i18n._('field.address'), orNA(profile.full_address)],
    [i18n._('field.city'), orNA(profile.city)],
    [i18n._('field.state'), profile.state ? stateName(i18n, profile.state) : format.na],
    [i18n._('field.pinCode'), orNA(profile.pin_code)],
    [i18n._('field.contactNumber'), orNA(profile.contact_number)],
    [i18n._('field.alternativeContactNumber'), orNA(profile.alternative_contact_number)],
  ];
  return (
    <>
      <Card
        title={i18n._('dashboard.yourApplication')}
        actions={<StatusBadge status={application.status} vocabulary="dashboard" />}
      >
        <dl className={styles.summary}>
          <div>
            <dt>{i18n._('common.applicationId')}</dt>
            <dd>{orNA(application.application_id)}</dd>
          </div>
          <div>
            <dt>{i18n._('field.loanAmount')}</dt>
            <dd>{format.money(profile.loan_amount)}</dd>
          </div>
          <div>
            <dt>{i18n._('field.loanType')}</dt>
            <dd>{profile.loan_type ? loanTypeName(i18n, profile.loan_type) : format.na}</dd>
          </div>
        </dl>
        {UNPAID.has(application.status) ? null : (
          <div className={styles.receipt}>
            <DownloadReceiptButton />
          </div>
        )}
      </Card>
      <StatusBanner application={application} />
      <Card title={i18n._('statusPage.progress')} className={styles.progress}>
        <Timeline
          label={i18n._('statusPage.progressLabel')}
          steps={timelineSteps(i18n, application)}
        />
      </Card>
      <Card title={i18n._('statusPage.details')}>
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
  const { i18n } = useLingui();
  return (
    <aside className={styles.support} aria-labelledby="status-support">
      <h2 id="status-support" className={styles.supportTitle}>
        {i18n._('statusPage.needHelp')}
      </h2>
      <p className={styles.supportText}>
        <Trans
          id="statusPage.writeOrCall"
          values={{ email: supportEmail, phone: supportPhone }}
          components={{
            0: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>,
            1: <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>,
          }}
        />
      </p>
    </aside>
  );
}
