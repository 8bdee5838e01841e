import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <Page narrow>
      <Link to={user ? '/dashboard' : '/login'} className={styles.back}>
        ← {user ? i18n._('common.backToDashboard') : i18n._('common.backToSignIn')}
      </Link>
      <h1 className={styles.title}>{i18n._('privacy.title')}</h1>
      <p className={styles.version}>
        {i18n._('privacy.version', {
          product: config.productName,
          version: config.privacyNoticeVersion,
        })}
      </p>

      <section className={styles.section} aria-labelledby="privacy-what">
        <h2 id="privacy-what">{i18n._('privacy.collect')}</h2>
        <p>{i18n._('privacy.collectText')}</p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-why">
        <h2 id="privacy-why">{i18n._('privacy.why')}</h2>
        <p>{i18n._('privacy.whyText')}</p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-who">
        <h2 id="privacy-who">{i18n._('privacy.who')}</h2>
        <p>{i18n._('privacy.whoText')}</p>
      </section>

      <section className={styles.section} aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{i18n._('privacy.rights')}</h2>
        <p>{i18n._('privacy.rightsText')}</p>
      </section>

      <section
        id={GRIEVANCE_OFFICER_ANCHOR}
        className={`${styles.section} ${styles.officer}`}
        aria-labelledby="privacy-officer"
      >
        <h2 id="privacy-officer">{i18n._('footer.grievance')}</h2>
        <p>{i18n._('privacy.officerText')}</p>
        <dl className={styles.contacts}>
          <dt>{i18n._('privacy.name')}</dt>
          <dd>{officer.name}</dd>
          <dt>{i18n._('common.email')}</dt>
          <dd>
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </dd>
          <dt>{i18n._('common.phone')}</dt>
          <dd>
            <a href={`tel:${officer.phone.replace(/\s/g, '')}`}>{officer.phone}</a>
          </dd>
        </dl>
        <p className={styles.muted}>
          <Trans
            id="privacy.support"
            values={{ email: config.supportEmail, phone: config.supportPhone }}
            components={{
              0: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>,
              1: (
                <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a>
              ),
            }}
          />
        </p>
      </section>
    </Page>
  );
}
