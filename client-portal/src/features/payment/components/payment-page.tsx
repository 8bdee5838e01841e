import { Trans, useLingui } from '@lingui/react';
import type { Application } from '@loan-portal/api-client';
import { Button, Card, Countdown, ErrorBox, Modal, ModalClose } from '@loan-portal/ui-kit';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { textOf } from '../../../app/i18n';
import { DownloadReceiptButton } from '../../../components/download-receipt-button';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { useFormat } from '../../../lib/use-format';
import { usePaymentCheckout } from '../hooks/use-payment-checkout';
import styles from './payment-page.module.css';

/** Spec section 9: seconds before the success modal moves on to /status. */
export const REDIRECT_SECONDS = 5;

type Load = { state: 'loading' } | { state: 'ready'; application: Application } | { state: 'away' };

export function PaymentPage() {
  const api = useApi();
  const { i18n } = useLingui();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // Fetch first: only a draft application may be paid for.
  useEffect(() => {
    let active = true;
    api
      .getApplication()
      .then((application) => {
        if (!active) return;
        setLoad(
          application?.status === 'draft' ? { state: 'ready', application } : { state: 'away' },
        );
      })
      .catch((error: unknown) => {
        console.error('Could not load the application', error);
        if (active) setLoad({ state: 'away' });
      });
    return () => {
      active = false;
    };
  }, [api]);

  if (load.state === 'away') return <Navigate to="/dashboard" replace />;
  if (load.state === 'loading') {
    return (
      <Page narrow>
        <PageLoading label={i18n._('common.loadingApplication')} />
      </Page>
    );
  }
  return <PaymentSummary application={load.application} />;
}

function PaymentSummary({ application }: { application: Application }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const format = useFormat();
  const { pay, busy, error, receipt } = usePaymentCheckout(application);
  const fee = format.fee(config.applicationFeeInr);
  const methods = [
    i18n._('payment.method.creditCards'),
    i18n._('payment.method.debitCards'),
    i18n._('payment.method.upi'),
    i18n._('payment.method.netBanking'),
  ];

  return (
    <Page narrow>
      <h1 className={styles.title}>{i18n._('payment.title')}</h1>
      <p className={styles.subtitle}>
        {i18n._('payment.subtitle', { id: application.application_id })}
      </p>

      <div className={styles.layout}>
        <Card title={i18n._('payment.summary')}>
          <dl className={styles.summary}>
            <div className={styles.row}>
              <dt>{i18n._('payment.applicationFee')}</dt>
              <dd>{fee}</dd>
            </div>
            <div className={`${styles.row} ${styles.total}`}>
              <dt>{i18n._('payment.total')}</dt>
              <dd>{fee}</dd>
            </div>
          </dl>
          <ErrorBox className={styles.error}>{error ? textOf(i18n, error) : null}</ErrorBox>
          <Button fullWidth busy={busy} busyLabel={i18n._('payment.processing')} onClick={pay}>
            {i18n._('payment.payNow', { fee })}
          </Button>
          <p className={styles.terms}>
            <Trans
              id="payment.agree"
              components={{
                0: (
                  <Modal
                    title={i18n._('payment.terms')}
                    size="lg"
                    trigger={
                      <Button variant="link" className={styles.inlineLink}>
                        {i18n._('payment.terms')}
                      </Button>
                    }
                    footer={
                      <ModalClose>
                        <Button variant="secondary">{i18n._('common.close')}</Button>
                      </ModalClose>
                    }
                  >
                    <ol className={styles.termsList}>
                      <li>{i18n._('payment.terms.fee', { fee })}</li>
                      <li>{i18n._('payment.terms.noGuarantee')}</li>
                      <li>{i18n._('payment.terms.partner')}</li>
                      <li>{i18n._('payment.terms.trueDetails')}</li>
                      <li>
                        {i18n._('payment.terms.help', {
                          email: config.supportEmail,
                          phone: config.supportPhone,
                        })}
                      </li>
                    </ol>
                  </Modal>
                ),
              }}
            />
          </p>
        </Card>

        <Card title={i18n._('payment.methods')} headingLevel={2}>
          <ul className={styles.methods}>
            {methods.map((method) => (
              <li key={method}>{method}</li>
            ))}
          </ul>
          <p className={styles.secure}>{i18n._('payment.secureWindow')}</p>
        </Card>
      </div>

      <Modal
        open={receipt !== null}
        title={i18n._('payment.received')}
        description={i18n._('payment.receivedText')}
        onOpenChange={(open) => {
          if (!open) navigate('/status');
        }}
        footer={
          <>
            <DownloadReceiptButton />
            <Button onClick={() => navigate('/status')}>{i18n._('payment.viewStatus')}</Button>
          </>
        }
      >
        {receipt ? (
          <>
            <dl className={styles.receipt}>
              <div className={styles.row}>
                <dt>{i18n._('payment.paymentId')}</dt>
                <dd>{receipt.paymentId || format.na}</dd>
              </div>
              <div className={styles.row}>
                <dt>{i18n._('payment.orderId')}</dt>
                <dd>{receipt.orderId}</dd>
              </div>
              <div className={styles.row}>
                <dt>{i18n._('payment.completed')}</dt>
                <dd>{format.dateTime(receipt.completedAt)}</dd>
              </div>
            </dl>
            <Countdown
              seconds={REDIRECT_SECONDS}
              onDone={() => navigate('/status')}
              className={styles.countdown}
            />
          </>
        ) : null}
      </Modal>
    </Page>
  );
}
