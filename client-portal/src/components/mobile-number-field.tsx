import { useLingui } from '@lingui/react';
import { TextField, type TextFieldProps } from '@loan-portal/ui-kit';

type MobileNumberFieldProps = Omit<
  TextFieldProps,
  'label' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder' | 'required'
>;

/**
 * The 10-digit mobile number of the sign-in, sign-up and forgotten-password forms: the phone's
 * number pad and its autofill of the owner's own number. Spread formik's `getFieldProps(name)`.
 */
export function MobileNumberField(props: MobileNumberFieldProps) {
  const { i18n } = useLingui();
  return (
    <TextField
      label={i18n._('auth.mobileNumber')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      placeholder={i18n._('auth.mobilePlaceholder')}
      required
      {...props}
    />
  );
}
