export { Button, type ButtonProps, type ButtonVariant } from './components/button/button';
export { Card, type CardProps } from './components/card/card';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export {
  Countdown,
  type CountdownProps,
  DEFAULT_COUNTDOWN_TEMPLATE,
} from './components/countdown/countdown';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export { ErrorBox, type ErrorBoxProps } from './components/error-box/error-box';
export type { FieldBaseProps } from './components/field/field';
export {
  LoadingOverlay,
  type LoadingOverlayProps,
} from './components/loading-overlay/loading-overlay';
export { LoadingScreen, type LoadingScreenProps } from './components/loading-screen/loading-screen';
export { Modal, ModalClose, type ModalProps } from './components/modal/modal';
export {
  OtpInput,
  type OtpInputHandle,
  type OtpInputProps,
} from './components/otp-input/otp-input';
export { Pagination, type PaginationProps } from './components/pagination/pagination';
export { PasswordField, type PasswordFieldProps } from './components/password-field/password-field';
export {
  RecoveryCodes,
  type RecoveryCodesProps,
} from './components/recovery-codes/recovery-codes';
export {
  SelectField,
  type SelectFieldProps,
  type SelectOption,
} from './components/select-field/select-field';
export { Spinner, type SpinnerProps } from './components/spinner/spinner';
export {
  describeStatus,
  StatusBadge,
  type StatusBadgeProps,
  type StatusTone,
  type StatusVocabulary,
} from './components/status-badge/status-badge';
export {
  type Step,
  StepIndicator,
  type StepIndicatorProps,
} from './components/step-indicator/step-indicator';
export { TextField, type TextFieldProps } from './components/text-field/text-field';
export {
  Timeline,
  type TimelineProps,
  type TimelineStep,
  type TimelineStepState,
} from './components/timeline/timeline';
export { TotpSetup, type TotpSetupProps } from './components/totp-setup/totp-setup';
export { type LazyModule, useLazyModule } from './hooks/use-lazy-module';
export { knownText, loadUiKitCatalog, uiKitEnglish, useUiKitI18n } from './i18n/ui-kit-i18n';
