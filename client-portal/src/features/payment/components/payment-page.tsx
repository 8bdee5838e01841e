import type { Application } from '@loan-portal/api-client';
import { Button, Card, Countdown, ErrorBox, Modal, ModalClose, Spinner } from '@loan-portal/ui-kit';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { DownloadReceiptButton } from '../../../components/download-receipt-button';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/dates';
import { formatFee } from '../../../lib/shared';
import { usePaymentCheckout } from '../hooks/use-payment-checkout';
import styles from './payment-page.module.css';

/** Spec section 9: seconds before the success modal moves on to /status. */
export const REDIRECT_SECONDS = 5;
const METHODS = ['Credit Cards', 'Debit Cards', 'UPI', 'Net Banking'] as const;

type Load = { state: 'loading' } | { state: 'ready'; application: Application } | { state: 'away' };

export function PaymentPage() {
  const api = useApi();
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
        <div className={styles.loading}>
          <Spinner size="lg" label="Loading your application..." />
        </div>
      </Page>
    );
  }
  return <PaymentSummary application={load.application} />;
}

function PaymentSummary({ application }: { application: Application }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const { pay, busy, error, receipt } = usePaymentCheckout(application);
  const fee = formatFee(config.applicationFeeInr);

  return (
    <Page narrow>
      <h1 className={styles.title}>Complete Your Payment</h1>
      <p className={styles.subtitle}>
        Pay the one-time application fee to submit application #{application.application_id}.
      </p>

      <div className={styles.layout}>
        <Card title="Payment Summary">
          <dl className={styles.summary}>
            <div className={styles.row}>
              <dt>Application Fee</dt>
              <dd>{fee}</dd>
            </div>
            <div className={`${styles.row} ${styles.total}`}>
              <dt>Total</dt>
              <dd>{fee}</dd>
            </div>
          </dl>
          <ErrorBox className={styles.error}>{error}</ErrorBox>
          <Button fullWidth busy={busy} busyLabel="Processing Payment..." onClick={pay}>
            Pay {fee} Now
          </Button>
          <p className={styles.terms}>
            By paying you agree to our{' '}
            <Modal
              title="Terms & Conditions"
              size="lg"
              trigger={
                <Button variant="link" className={styles.inlineLink}>
                  Terms & Conditions
                </Button>
              }
              footer={
                <ModalClose>
                  <Button variant="secondary">Close</Button>
                </ModalClose>
              }
            >
              <ol className={styles.termsList}>
                <li>
                  The application fee of {fee} is a one-time, non-refundable registration charge.
                </li>
                <li>Paying the fee does not guarantee that a loan will be approved.</li>
                <li>
                  Payments are processed by our payment partner over a secure connection; we never
                  see or store your card or bank credentials.
                </li>
                <li>
                  The details you submitted must be true and complete. Applications with false
                  details may be rejected.
                </li>
                <li>
                  For help with a payment, contact {config.supportEmail} or {config.supportPhone}.
                </li>
              </ol>
            </Modal>
            .
          </p>
        </Card>

        <Card title="Accepted Payment Methods" headingLevel={2}>
          <ul className={styles.methods}>
            {METHODS.map((method) => (
              <li key={method}>{method}</li>
            ))}
          </ul>
          <p className={styles.secure}>
            Your payment opens in a secure checkout window. Do not close this page until it
            finishes.
          </p>
        </Card>
      </div>

      <Modal
        open={receipt !== null}
        title="Payment Received"
        description="Thank you! Your application has been submitted."
        onOpenChange={(open) => {
          if (!open) navigate('/status');
        }}
        footer={
          <>
            <DownloadReceiptButton />
            <Button onClick={() => navigate('/status')}>View Status</Button>
          </>
        }
      >
        {receipt ? (
          <>
            <dl className={styles.receipt}>
              <div className={styles.row}>
                <dt>Payment ID</dt>
                <dd>{receipt.paymentId}</dd>
              </div>
              <div className={styles.row}>
                <dt>Order ID</dt>
                <dd>{receipt.orderId}</dd>
              </div>
              <div className={styles.row}>
                <dt>Completed</dt>
                <dd>{formatDateTime(receipt.completedAt)}</dd>
              </div>
            </dl>
            <Countdown
              seconds={REDIRECT_SECONDS}
              template="Redirecting to status page in {seconds} s..."
              onDone={() => navigate('/status')}
              className={styles.countdown}
            />
          </>
        ) : null}
      </Modal>
    </Page>
  );
}
