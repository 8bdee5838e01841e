import type { ProfilePayload } from '@loan-portal/api-client';
import { Button, ConfirmDialog, SelectField, StepIndicator, TextField } from '@loan-portal/ui-kit';
import { useFormik } from 'formik';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../../app/api-context';
import { useSession } from '../../../app/session-context';
import { Page } from '../../../components/page';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import {
  formatAadhaar,
  formatRupees,
  type ProfileFormValues,
  REGISTRATION_STEPS,
} from '../../../lib/shared';
import { useSingleFlight } from '../../../lib/use-single-flight';
import styles from './register-page.module.css';
import { type FieldSpec, INITIAL_VALUES, STEP_FIELDS } from './registration-fields';

const STEPS = REGISTRATION_STEPS.map((step) => ({ title: step.title, subtitle: step.description }));
const LAST_STEP = REGISTRATION_STEPS.length - 1;

function transformValue(spec: FieldSpec, raw: string): string {
  if (spec.transform === 'aadhaar') return formatAadhaar(raw);
  if (spec.transform === 'upper') return raw.toUpperCase();
  return raw;
}

function toPayload(values: ProfileFormValues): ProfilePayload {
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
  };
}

export function RegisterPage() {
  const api = useApi();
  const { refreshApplication } = useSession();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const movedRef = useRef(false);

  const formik = useFormik<ProfileFormValues>({
    initialValues: INITIAL_VALUES,
    // Only the current step's rules: later steps must not complain before they are reached.
    validationSchema: REGISTRATION_STEPS[step]!.schema,
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });

  // Move focus to the new step's heading, so keyboard and screen-reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: step is the trigger, not an input
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  /** Validates the current step; marks its fields touched and focuses the first invalid one. */
  const validateStep = async () => {
    const errors = await formik.validateForm();
    const fields = REGISTRATION_STEPS[step]!.fields as readonly (keyof ProfileFormValues &
      string)[];
    await formik.setTouched(
      { ...formik.touched, ...Object.fromEntries(fields.map((name) => [name, true])) },
      false,
    );
    return !focusFirstInvalid(formRef.current, fields, errors);
  };

  const next = async () => {
    if (!(await validateStep())) return;
    movedRef.current = true;
    setStep((current) => Math.min(LAST_STEP, current + 1));
  };

  const previous = () => {
    movedRef.current = true;
    setStep((current) => Math.max(0, current - 1));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < LAST_STEP) {
      await next();
      return;
    }
    if (await validateStep()) setReviewing(true);
  };

  const confirm = useSingleFlight(async () => {
    setSubmitting(true);
    try {
      await api.submitProfile(toPayload(formik.values));
      await refreshApplication();
      navigate('/payment');
    } catch (error) {
      // Spec section 8: a failed submit is only logged; the dialog closes.
      console.error('Registration submit failed', error);
      setSubmitting(false);
      setReviewing(false);
    }
  });

  const current = REGISTRATION_STEPS[step]!;

  return (
    <Page narrow>
      <Button variant="link" onClick={() => navigate('/dashboard')} className={styles.back}>
        ← Back to Dashboard
      </Button>
      <h1 className={styles.title}>Registration Form</h1>
      <p className={styles.subtitle}>Complete your application in 3 simple steps</p>
      <StepIndicator steps={STEPS} currentStep={step + 1} className={styles.steps} />

      <form ref={formRef} className={styles.card} noValidate onSubmit={handleSubmit}>
        <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {current.title}
        </h2>
        <p className={styles.stepSubtitle}>{current.description}</p>
        <div className={styles.fields}>
          {STEP_FIELDS[step]!.map((spec) => (
            <FormField
              key={spec.name}
              spec={spec}
              value={String(formik.values[spec.name] ?? '')}
              error={formik.errors[spec.name]}
              touched={formik.touched[spec.name]}
              onChange={(value) => formik.setFieldValue(spec.name, value)}
              onBlur={formik.handleBlur}
            />
          ))}
        </div>
        <div className={styles.nav}>
          <Button variant="secondary" disabled={step === 0} onClick={previous}>
            Previous
          </Button>
          {step < LAST_STEP ? (
            <Button type="submit">Next Step</Button>
          ) : (
            <Button type="submit">Complete Registration</Button>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={reviewing}
        size="lg"
        title="Confirm Your Details"
        description="Please review your information before submitting."
        cancelLabel="Edit"
        confirmLabel="Confirm & Submit"
        busyLabel="Submitting..."
        busy={submitting}
        onConfirm={confirm}
        onCancel={() => setReviewing(false)}
      >
        <ReviewList values={formik.values} />
      </ConfirmDialog>
    </Page>
  );
}

interface FormFieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  touched?: boolean;
  onChange: (value: string) => void;
  onBlur: (event: React.FocusEvent) => void;
}

function FormField({ spec, value, error, touched, onChange, onBlur }: FormFieldProps) {
  const common = {
    name: spec.name,
    label: spec.optional ? `${spec.label} (optional)` : spec.label,
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
        options={spec.options ?? []}
        placeholder={spec.placeholder}
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
      placeholder={spec.placeholder}
      autoCapitalize={spec.transform === 'upper' ? 'characters' : undefined}
      onChange={(event) => onChange(transformValue(spec, event.target.value))}
    />
  );
}

const REVIEW_LABELS: { name: keyof ProfileFormValues; label: string }[] = STEP_FIELDS.flat().map(
  (spec) => ({ name: spec.name, label: spec.label.replace(' (₹)', '') }),
);

function displayValue(name: keyof ProfileFormValues, value: string | undefined): string {
  if (!value) return 'N/A';
  if (name === 'aadhaar_number') return formatAadhaar(value);
  if (name === 'loan_amount') return formatRupees(value);
  return value;
}

function ReviewList({ values }: { values: ProfileFormValues }) {
  return (
    <dl className={styles.review}>
      {REVIEW_LABELS.map(({ name, label }) => (
        <div key={name} className={styles.reviewRow}>
          <dt>{label}</dt>
          <dd>{displayValue(name, values[name] as string | undefined)}</dd>
        </div>
      ))}
    </dl>
  );
}
