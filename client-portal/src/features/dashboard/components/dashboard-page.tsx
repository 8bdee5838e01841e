import { type Application, isLifecycleStatus } from '@loan-portal/api-client';
import { Button, Card, Modal, ModalClose, StatusBadge } from '@loan-portal/ui-kit';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { formatDate } from '../../../lib/dates';
import { formatRupees } from '../../../lib/shared';
import { STATUS_TEXTS, statusInWords } from '../../../lib/status-texts';
import styles from './dashboard-page.module.css';

export function DashboardPage() {
  const { application, refreshApplication } = useSession();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const fee = formatRupees(config.applicationFeeInr);

  // The session's copy may predate a payment made a moment ago.
  useEffect(() => {
    void refreshApplication();
  }, [refreshApplication]);

  return (
    <Page>
      <div className={styles.grid}>
        <div className={styles.main}>
          <section className={styles.hero} aria-labelledby="dashboard-hero">
            <p className={styles.eyebrow}>{config.productName}</p>
            <h1 id="dashboard-hero" className={styles.heroTitle}>
              Loans made easy, secure & fast
            </h1>
            <p className={styles.heroText}>
              Apply online in three simple steps, pay the one-time registration fee and follow your
              application from here.
            </p>
            <div className={styles.heroActions}>
              {application ? null : (
                <Button onClick={() => navigate('/register')}>Apply Now</Button>
              )}
              <Modal
                title="Learn More"
                description="Loans for every stage of life."
                trigger={<Button variant="secondary">Learn More</Button>}
                footer={
                  <ModalClose>
                    <Button variant="secondary">Close</Button>
                  </ModalClose>
                }
              >
                <ul className={styles.loanList}>
                  <li>
                    <strong>Personal loans</strong> for weddings, travel, medical bills and more.
                  </li>
                  <li>
                    <strong>Business loans</strong> to grow your shop, firm or startup.
                  </li>
                  <li>
                    <strong>Home loans</strong> to buy, build or renovate your home.
                  </li>
                  <li>
                    <strong>Education loans</strong> for studies in India and abroad.
                  </li>
                </ul>
                <p className={styles.note}>
                  A one-time registration fee of {fee} applies when you submit your application.
                </p>
              </Modal>
              <Modal
                title="Contact Support"
                description="We are happy to help with your application."
                trigger={<Button variant="secondary">Contact Support</Button>}
                footer={
                  <ModalClose>
                    <Button variant="secondary">Close</Button>
                  </ModalClose>
                }
              >
                <dl className={styles.contact}>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                  </dd>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>
                      {config.supportPhone}
                    </a>
                  </dd>
                </dl>
                <p className={styles.note}>
                  Grievance Officer: {config.grievanceOfficer.name},{' '}
                  <a href={`mailto:${config.grievanceOfficer.email}`}>
                    {config.grievanceOfficer.email}
                  </a>
                  , {config.grievanceOfficer.phone}. <Link to="/privacy">Privacy Notice</Link>
                </p>
              </Modal>
            </div>
          </section>

          <Card title={`About ${config.productName}`}>
            <p className={styles.about}>
              {config.productName} lets you apply for a Personal, Home, Educational or Car loan from
              your phone. Fill in your personal, bank and address details, review them, and pay a
              one-time registration fee of {fee} to submit your application. Your details are sent
              over a secure connection and stored encrypted.
            </p>
          </Card>
        </div>

        <aside className={styles.side} aria-label="Your application">
          <ApplicationCard application={application} onGo={(path) => navigate(path)} />
          <Card title="Your data">
            <p className={styles.sideText}>Download a copy of your data, or delete your account.</p>
            <Button variant="secondary" fullWidth onClick={() => navigate('/your-data')}>
              Manage your data
            </Button>
          </Card>
        </aside>
      </div>
    </Page>
  );
}

function ApplicationCard({
  application,
  onGo,
}: {
  application: Application | null;
  onGo: (path: string) => void;
}) {
  if (!application) {
    return (
      <Card title="Your Application">
        <p className={styles.sideText}>You have not applied yet.</p>
        <div className={styles.sideActions}>
          <Button fullWidth onClick={() => onGo('/register')}>
            Apply for your application
          </Button>
          <Button variant="secondary" fullWidth onClick={() => onGo('/register')}>
            Check Eligibility
          </Button>
        </div>
      </Card>
    );
  }
  const branch =
    application.status === 'draft'
      ? { text: 'Application saved as draft', action: 'Continue application' }
      : application.status === 'paid'
        ? { text: 'Payment received', action: 'View application status' }
        : { text: `Status: ${statusInWords(application.status)}`, action: 'View application' };
  const explanation = isLifecycleStatus(application.status)
    ? STATUS_TEXTS[application.status]?.text
    : undefined;
  return (
    <Card
      title="Your Application"
      actions={<StatusBadge status={application.status} vocabulary="dashboard" />}
    >
      <dl className={styles.facts}>
        <div>
          <dt>Application ID</dt>
          <dd>{application.application_id}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(application.submitted_at)}</dd>
        </div>
      </dl>
      <p className={styles.sideText}>{branch.text}</p>
      {explanation ? <p className={styles.sideText}>{explanation}</p> : null}
      <Button fullWidth onClick={() => onGo('/status')}>
        {branch.action}
      </Button>
    </Card>
  );
}
