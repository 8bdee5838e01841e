import { Trans, useLingui } from '@lingui/react';
import { type Application, isLifecycleStatus } from '@loan-portal/api-client';
import { Button, Card, Modal, ModalClose, StatusBadge } from '@loan-portal/ui-kit';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { statusExplanation, statusInWords } from '../../../lib/status-texts';
import { useFormat } from '../../../lib/use-format';
import styles from './dashboard-page.module.css';

export function DashboardPage() {
  const { application, refreshApplication } = useSession();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const { i18n } = useLingui();
  const fee = useFormat().money(config.applicationFeeInr);
  const close = (
    <ModalClose>
      <Button variant="secondary">{i18n._('common.close')}</Button>
    </ModalClose>
  );

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
              {i18n._('dashboard.heroTitle')}
            </h1>
            <p className={styles.heroText}>{i18n._('dashboard.heroText')}</p>
            <div className={styles.heroActions}>
              {application ? null : (
                <Button onClick={() => navigate('/register')}>
                  {i18n._('dashboard.applyNow')}
                </Button>
              )}
              <Modal
                title={i18n._('dashboard.learnMore')}
                description={i18n._('dashboard.learnMoreText')}
                trigger={<Button variant="secondary">{i18n._('dashboard.learnMore')}</Button>}
                footer={close}
              >
                <ul className={styles.loanList}>
                  <li>
                    <Trans id="dashboard.loans.personal" components={{ 0: <strong /> }} />
                  </li>
                  <li>
                    <Trans id="dashboard.loans.business" components={{ 0: <strong /> }} />
                  </li>
                  <li>
                    <Trans id="dashboard.loans.home" components={{ 0: <strong /> }} />
                  </li>
                  <li>
                    <Trans id="dashboard.loans.education" components={{ 0: <strong /> }} />
                  </li>
                </ul>
                <p className={styles.note}>{i18n._('dashboard.feeNote', { fee })}</p>
              </Modal>
              <Modal
                title={i18n._('dashboard.contactSupport')}
                description={i18n._('dashboard.contactSupportText')}
                trigger={<Button variant="secondary">{i18n._('dashboard.contactSupport')}</Button>}
                footer={close}
              >
                <dl className={styles.contact}>
                  <dt>{i18n._('common.email')}</dt>
                  <dd>
                    <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                  </dd>
                  <dt>{i18n._('common.phone')}</dt>
                  <dd>
                    <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>
                      {config.supportPhone}
                    </a>
                  </dd>
                </dl>
                <p className={styles.note}>
                  <Trans
                    id="dashboard.grievance"
                    values={{
                      name: config.grievanceOfficer.name,
                      email: config.grievanceOfficer.email,
                      phone: config.grievanceOfficer.phone,
                    }}
                    components={{
                      0: (
                        <a href={`mailto:${config.grievanceOfficer.email}`}>
                          {config.grievanceOfficer.email}
                        </a>
                      ),
                      1: <Link to="/privacy" />,
                    }}
                  />
                </p>
              </Modal>
            </div>
          </section>

          <Card title={i18n._('dashboard.about', { product: config.productName })}>
            <p className={styles.about}>
              {i18n._('dashboard.aboutText', { product: config.productName, fee })}
            </p>
          </Card>
        </div>

        <aside className={styles.side} aria-label={i18n._('dashboard.yourApplicationLabel')}>
          <ApplicationCard application={application} onGo={(path) => navigate(path)} />
          <Card title={i18n._('dashboard.yourData')}>
            <p className={styles.sideText}>{i18n._('dashboard.yourDataText')}</p>
            <Button variant="secondary" fullWidth onClick={() => navigate('/your-data')}>
              {i18n._('dashboard.manageData')}
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
  const { i18n } = useLingui();
  const format = useFormat();
  if (!application) {
    return (
      <Card title={i18n._('dashboard.yourApplication')}>
        <p className={styles.sideText}>{i18n._('dashboard.notApplied')}</p>
        <div className={styles.sideActions}>
          <Button fullWidth onClick={() => onGo('/register')}>
            {i18n._('dashboard.applyForApplication')}
          </Button>
          <Button variant="secondary" fullWidth onClick={() => onGo('/register')}>
            {i18n._('dashboard.checkEligibility')}
          </Button>
        </div>
      </Card>
    );
  }
  const branch =
    application.status === 'draft'
      ? { text: i18n._('dashboard.savedDraft'), action: i18n._('dashboard.continueApplication') }
      : application.status === 'paid'
        ? { text: i18n._('dashboard.paymentReceived'), action: i18n._('dashboard.viewStatus') }
        : {
            text: i18n._('dashboard.statusIs', {
              status: statusInWords(i18n, application.status),
            }),
            action: i18n._('dashboard.viewApplication'),
          };
  const explanation = isLifecycleStatus(application.status)
    ? statusExplanation(i18n, application.status)?.text
    : undefined;
  return (
    <Card
      title={i18n._('dashboard.yourApplication')}
      actions={<StatusBadge status={application.status} vocabulary="dashboard" />}
    >
      <dl className={styles.facts}>
        <div>
          <dt>{i18n._('common.applicationId')}</dt>
          <dd>{application.application_id}</dd>
        </div>
        <div>
          <dt>{i18n._('dashboard.created')}</dt>
          <dd>{format.date(application.submitted_at)}</dd>
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
