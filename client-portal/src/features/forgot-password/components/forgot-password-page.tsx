import { useLingui } from '@lingui/react';
import { Button } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../../app/api-context';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../../../components/auth-form';
import { authStyles } from '../../../components/auth-styles';
import { MobileNumberField } from '../../../components/mobile-number-field';
import { OtpForm } from '../../../components/otp-form';
import { errorText } from '../../../lib/error-text';
import { validateWith } from '../../../lib/form-rules';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useVerifyResetOtp } from '../hooks/use-verify-reset-otp';

const validate = validateWith<{ phone_number: string }>(
  (s) => s.forgotPasswordSchema,
  'phone_number',
);

export function ForgotPasswordPage() {
  const api = useApi();
  const [step, setStep] = useState<1 | 2>(1);
  const [error, setError] = useState('');
  const { i18n } = useLingui();
  const verify = useVerifyResetOtp(/*i18n*/ 'forgot.error.invalidOtp');

  const {
    formik: phone,
    submit: sendCode,
    formProps,
  } = useCheckedForm({
    initialValues: { phone_number: '' },
    validate,
    onSubmit: async (values) => {
      setError('');
      try {
        await api.requestPasswordReset({ phone_number: values.phone_number });
        verify.reset();
        setStep(2);
      } catch (failure) {
        setError(errorText(failure, /*i18n*/ 'forgot.error.sendOtp'));
      }
    },
  });

  return (
    <AuthCard
      title={i18n._('forgot.title')}
      subtitle={
        step === 1
          ? i18n._('forgot.subtitle')
          : i18n._('auth.codeSentTo', { phone: phone.values.phone_number })
      }
      footer={
        <p>
          {i18n._('forgot.remembered')}{' '}
          <Link to="/login" className={authStyles.link}>
            {i18n._('auth.signIn')}
          </Link>
        </p>
      }
    >
      {step === 1 ? (
        <AuthForm {...formProps} onSubmit={sendCode} error={error}>
          <MobileNumberField
            {...phone.getFieldProps('phone_number')}
            error={phone.errors.phone_number}
            touched={phone.touched.phone_number}
          />
          <Button
            type="submit"
            fullWidth
            busy={phone.isSubmitting}
            busyLabel={i18n._('auth.sendingOtp')}
          >
            {i18n._('forgot.sendOtp')}
          </Button>
        </AuthForm>
      ) : (
        <OtpForm
          onVerify={(otp) => verify.run(phone.values.phone_number, otp)}
          busy={verify.busy}
          error={verify.error}
          success={verify.success}
          submitLabel={i18n._('forgot.verifyOtp')}
        >
          <Button
            variant="secondary"
            fullWidth
            disabled={verify.busy}
            onClick={() => {
              setStep(1);
              setError('');
            }}
          >
            {i18n._('forgot.differentNumber')}
          </Button>
        </OtpForm>
      )}
    </AuthCard>
  );
}
