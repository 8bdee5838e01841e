import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ProfileDraft, ProfilePayload } from '@loan-portal/api-client';
import { Button, SelectField, StepIndicator, TextField, useLazyModule } from '@loan-portal/ui-kit';
import { useFormik } from 'formik';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useRuntimeConfig } from '../../../app/config-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useFormSchemas, validateWith } from '../../../lib/form-rules';
import { loanTypeName, loanTypeNames, stateName, stateNames } from '../../../lib/option-names';
import { formatAadhaar, type ProfileFormValues } from '../../../lib/shared';
import { useFormat } from '../../../lib/use-format';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { type IfscCheck, useIfscLookup } from '../hooks/use-ifsc-lookup';
import { useProfileDraft } from '../hooks/use-profile-draft';
import styles from './register-page.module.css';
import { type FieldSpec, INITIAL_VALUES, STEP_FIELDS } from './registration-fields';

const LAST_STEP = STEP_FIELDS.length - 1;

/** Each step's own rules (the api-client's step schemas, fetched apart from the page). */
const STEP_RULES = STEP_FIELDS.map((_, index) =>
  validateWith<ProfileFormValues>(
    (schemas) => schemas.REGISTRATION_STEPS[index]!.schema,
    STEP_FIELDS[index]![0]!.name,
  ),
);

// The review dialog (the ui-kit's Modal with react-aria's focus scope: 12.5 KB brotli) is needed
// only at the end. Its code is asked for once the last step shows, not with the page, whose
// first paint no longer waits for it (issue 17); a failed load leaves the form as it is.
const loadConfirmDialog = () =>
  import('@loan-portal/ui-kit/confirm-dialog').then((m) => m.ConfirmDialog);

/** The titles of the steps (personal, bank, address) in the reader's language. */
function stepTexts(i18n: I18n) {
  return [
    { title: i18n._('register.step.personal'), subtitle: i18n._('register.step.personalText') },
    { title: i18n._('register.step.bank'), subtitle: i18n._('register.step.bankText') },
    { title: i18n._('register.step.address'), subtitle: i18n._('register.step.addressText') },
  ];
}

function transformValue(spec: FieldSpec, raw: string): string {
  if (spec.transform === 'aadhaar') return formatAadhaar(raw);
  if (spec.transform === 'upper') return raw.toUpperCase();
  return raw;
}

function toPayload(values: ProfileFormValues, noticeVersion: string): ProfilePayload {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as ProfileFormValues;
  return {
    ...trimmed,
    alternative_contact_number: trimmed.alternative_contact_number ?? '',
    aadhaar_number: trimmed.aadhaar_number.replace(/\s/g, ''),
    consent_notice_version: noticeVersion,
  };
}

/**
 * The heading paints at once; the form opens once the saved draft (if any) is read, so it starts
 * where the client left off. Until then its place is held, as tall as the screen: nothing in view
 * moves when the form arrives (issue 17: the heading no longer waits for the draft's request).
 */
export function RegisterPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const drafts = useProfileDraft();
  return (
    <Page narrow>
      <Button variant="link" onClick={() => navigate('/dashboard')} className={styles.back}>
        ← {i18n._('common.backToDashboard')}
      </Button>
      <h1 className={styles.title}>{i18n._('register.title')}</h1>
      <p className={styles.subtitle}>{i18n._('register.subtitle')}</p>
      {drafts.state.status === 'loading' ? (
        <PageLoading label={i18n._('common.loadingApplication')} />
      ) : (
        <RegistrationForm draft={drafts.state.draft} drafts={drafts} />
      )}
    </Page>
  );
}

function RegistrationForm({
  draft,
  drafts,
}: {
  draft: ProfileDraft | null;
  drafts: ReturnType<typeof useProfileDraft>;
}) {
  const api = useApi();
  const { i18n } = useLingui();
  const { privacyNoticeVersion } = useRuntimeConfig();
  const { refreshApplication } = useSession();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const schemas = useFormSchemas();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(() => Math.min(LAST_STEP, Math.max(0, draft?.step ?? 0)));
  const [reviewing, setReviewing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [consented, setConsented] = useState(false);
  const [ifscConfirmed, setIfscConfirmed] = useState(false);
  const movedRef = useRef(false);
  const review = useLazyModule(loadConfirmDialog, step === LAST_STEP || reviewing);
  const ConfirmDialog = review.value;
  // The dialog's code could not be loaded (offline): as a failed submit does (spec section 8), the
  // review closes, the form stays, and the next Complete asks for the code again.
  useEffect(() => {
    if (review.failed && reviewing) setReviewing(false);
  }, [review.failed, reviewing]);

  const formik = useFormik<ProfileFormValues>({
    initialValues: { ...INITIAL_VALUES, ...draft?.values } as ProfileFormValues,
    // Only the current step's rules: later steps must not complain before they are reached.
    validate: STEP_RULES[step],
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });

  const ifsc = useIfscLookup(formik.values.ifsc_code);
  const ifscNeedsConfirming = ifsc.status === 'not-found' && !ifscConfirmed;
  const { setFieldValue } = formik;

  // A code the client types (changes after the form opened) that RBI's list has names its bank;
  // the client may still edit the name. Not the code a resumed draft opens with: the bank name
  // saved beside it may be the client's own edit ("HDFC Bank, Kochi"), which the list's name
  // must not replace (nor the draft save that follows store).
  const openedIfscRef = useRef(formik.values.ifsc_code);
  const ifscTypedRef = useRef(false);
  useEffect(() => {
    if (formik.values.ifsc_code !== openedIfscRef.current) ifscTypedRef.current = true;
  }, [formik.values.ifsc_code]);
  useEffect(() => {
    if (ifsc.status === 'found' && ifsc.found.bank && ifscTypedRef.current)
      void setFieldValue('bank_name', ifsc.found.bank);
    if (ifsc.status !== 'not-found') setIfscConfirmed(false);
  }, [ifsc, setFieldValue]);

  // Saved on the server as the client types and moves between steps (debounced).
  // Not on opening: a form merely opened (or just resumed) has nothing new to save.
  const { schedule } = drafts;
  const openedRef = useRef(false);
  useEffect(() => {
    if (!openedRef.current) {
      openedRef.current = true;
      return;
    }
    schedule(step, formik.values);
  }, [schedule, step, formik.values]);

  // Move focus to the new step's heading, so keyboard and screen-reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: step is the trigger, not an input
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  /** Validates the current step; marks its fields touched and focuses the first invalid one. */
  const validateStep = async () => {
    const errors = await formik.validateForm();
    const fields = STEP_FIELDS[step]!.map((field) => field.name);
    await formik.setTouched(
      { ...formik.touched, ...Object.fromEntries(fields.map((name) => [name, true])) },
      false,
    );
    return !focusFirstInvalid(formRef.current, fields, errors);
  };

  const ifscConfirmRef = useRef<HTMLInputElement>(null);

  const next = async () => {
    if (!(await validateStep())) return;
    if (step === 1 && ifscNeedsConfirming) {
      ifscConfirmRef.current?.focus();
      return;
    }
    movedRef.current = true;
    // The step after the one just checked, not after whatever the step is by now.
    setStep(Math.min(LAST_STEP, step + 1));
  };

  const previous = () => {
    movedRef.current = true;
    setStep((current) => Math.max(0, current - 1));
  };

  // One check at a time: the first check may wait for the form's rules to arrive, and a second
  // tap on Next meanwhile would otherwise check the same step again and move on twice, past a
  // step nobody checked.
  const submitOnce = useSingleFlight(async () => {
    if (step < LAST_STEP) {
      await next();
      return;
    }
    if (await validateStep()) {
      setConsented(false);
      if (review.failed) review.retry();
      setReviewing(true);
    }
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitOnce();
  };

  const confirm = useSingleFlight(async () => {
    setSubmitting(true);
    try {
      await drafts.stop();
      await api.submitProfile(toPayload(formik.values, privacyNoticeVersion));
      await refreshApplication();
      navigate('/payment');
    } catch (error) {
      // Spec section 8: a failed submit is only logged; the dialog closes.
      console.error('Registration submit failed', error);
      drafts.resume();
      setSubmitting(false);
      setReviewing(false);
    }
  });

  const steps = stepTexts(i18n);
  const current = steps[step]!;
  const ifscNoteId = useId();

  return (
    <>
      <StepIndicator steps={steps} currentStep={step + 1} className={styles.steps} />

      <form
        ref={formRef}
        className={styles.card}
        noValidate
        onSubmit={handleSubmit}
        onFocus={schemas.onFocus}
      >
        <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {current.title}
        </h2>
        <p className={styles.stepSubtitle}>{current.subtitle}</p>
        <div className={styles.fields}>
          {STEP_FIELDS[step]!.map((spec) => {
            const field = (
              <FormField
                key={spec.name}
                spec={spec}
                value={String(formik.values[spec.name] ?? '')}
                error={formik.errors[spec.name]}
                touched={formik.touched[spec.name]}
                onChange={(value) => formik.setFieldValue(spec.name, value)}
                onBlur={formik.handleBlur}
                describedBy={spec.name === 'ifsc_code' ? ifscNoteId : undefined}
              />
            );
            if (spec.name !== 'ifsc_code') return field;
            return (
              <div key={spec.name} className={styles.ifsc}>
                {field}
                <IfscNote
                  id={ifscNoteId}
                  check={ifsc}
                  // The form's own message comes first: no note under an invalid code.
                  hidden={Boolean(formik.errors.ifsc_code && formik.touched.ifsc_code)}
                  confirmed={ifscConfirmed}
                  onConfirm={setIfscConfirmed}
                  confirmRef={ifscConfirmRef}
                />
              </div>
            );
          })}
        </div>
        <div className={styles.nav}>
          <Button variant="secondary" disabled={step === 0} onClick={previous}>
            {i18n._('register.previous')}
          </Button>
          {step < LAST_STEP ? (
            <Button type="submit">{i18n._('register.next')}</Button>
          ) : (
            <Button type="submit">{i18n._('register.complete')}</Button>
          )}
        </div>
      </form>

      {ConfirmDialog ? (
        <ConfirmDialog
          open={reviewing}
          size="lg"
          title={i18n._('register.confirmTitle')}
          description={i18n._('register.confirmText')}
          cancelLabel={i18n._('register.edit')}
          confirmLabel={i18n._('register.confirmSubmit')}
          busyLabel={i18n._('register.submitting')}
          busy={submitting}
          confirmDisabled={!consented}
          onConfirm={confirm}
          onCancel={() => setReviewing(false)}
        >
          <ReviewList values={formik.values} />
          <label className={styles.consent}>
            <input
              type="checkbox"
              checked={consented}
              disabled={submitting}
              onChange={(event) => setConsented(event.target.checked)}
            />
            <span>{i18n._('register.consent')}</span>
          </label>
          <p className={styles.consentNotice}>
            <Link to="/privacy" target="_blank" rel="noopener">
              {i18n._('register.readPrivacy')}
            </Link>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

interface FormFieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  touched?: boolean;
  onChange: (value: string) => void;
  onBlur: (event: React.FocusEvent) => void;
  /** A note of the page's own under the field (the IFSC check). */
  describedBy?: string;
}

function FormField({ spec, value, error, touched, onChange, onBlur, describedBy }: FormFieldProps) {
  const { i18n } = useLingui();
  const label = i18n._(spec.label);
  const placeholder = spec.placeholder ? i18n._(spec.placeholder) : undefined;
  const common = {
    name: spec.name,
    label: spec.optional ? i18n._('register.optionalLabel', { label }) : label,
    value,
    error,
    touched: Boolean(touched),
    required: !spec.optional,
    onBlur,
    className: spec.wide ? styles.wide : undefined,
  };
  if (spec.kind === 'select') {
    return (
      <SelectField
        {...common}
        options={optionsOf(i18n, spec)}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <TextField
      {...common}
      type={spec.type ?? 'text'}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete ?? 'off'}
      maxLength={spec.maxLength}
      placeholder={placeholder}
      autoCapitalize={spec.transform === 'upper' ? 'characters' : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(transformValue(spec, event.target.value))}
    />
  );
}

/** A select's options: the stored values, named in the reader's language. */
function optionsOf(i18n: I18n, spec: FieldSpec) {
  const names: Record<string, string> =
    spec.name === 'loan_type' ? loanTypeNames(i18n) : spec.name === 'state' ? stateNames(i18n) : {};
  return (spec.options ?? []).map((value) => ({ value, label: names[value] ?? value }));
}

/** The review's label of a field: the form's, without the '(₹)' of the amount. */
function reviewLabel(i18n: I18n, spec: FieldSpec): string {
  return spec.name === 'loan_amount' ? i18n._('field.loanAmount') : i18n._(spec.label);
}

function ReviewList({ values }: { values: ProfileFormValues }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const displayValue = (name: keyof ProfileFormValues, value: string | undefined): string => {
    if (!value) return format.na;
    if (name === 'aadhaar_number') return formatAadhaar(value);
    if (name === 'loan_amount') return format.money(value);
    if (name === 'loan_type') return loanTypeName(i18n, value);
    if (name === 'state') return stateName(i18n, value);
    return value;
  };
  return (
    <dl className={styles.review}>
      {STEP_FIELDS.flat().map((spec) => (
        <div key={spec.name} className={styles.reviewRow}>
          <dt>{reviewLabel(i18n, spec)}</dt>
          <dd>{displayValue(spec.name, values[spec.name] as string | undefined)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface IfscNoteProps {
  id: string;
  check: IfscCheck;
  hidden: boolean;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  confirmRef: React.Ref<HTMLInputElement>;
}

/**
 * Under the IFSC: nothing while the code is incomplete or found; a warning with a box to tick
 * when RBI's list does not have it (the list may be older than a new branch).
 */
function IfscNote({ id, check, hidden, confirmed, onConfirm, confirmRef }: IfscNoteProps) {
  const { i18n } = useLingui();
  let note: ReactNode = null;
  if (!hidden && check.status === 'not-found') {
    note = (
      <>
        <p className={styles.ifscWarning}>{i18n._('register.ifscNotFound')}</p>
        <label className={styles.ifscConfirm}>
          <input
            ref={confirmRef}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => onConfirm(event.target.checked)}
          />
          <span>{i18n._('register.ifscChecked')}</span>
        </label>
      </>
    );
  }
  return (
    <div id={id} aria-live="polite">
      {note}
    </div>
  );
}
