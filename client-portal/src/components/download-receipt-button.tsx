import { useLingui } from '@lingui/react';
import { Button, type ButtonProps, ErrorBox } from '@loan-portal/ui-kit';
import { useState } from 'react';
import { useApi } from '../app/api-context';
import { errorText } from '../lib/error-text';
import { saveFile } from '../lib/save-file';
import { useSingleFlight } from '../lib/use-single-flight';

/**
 * "Download receipt": the fee's PDF receipt made by the server (issue 18). Shared by the payment
 * screen's 'Payment Received' modal and the status page; a failure is said under the button.
 */
export function DownloadReceiptButton({
  variant = 'secondary',
  fullWidth,
}: Pick<ButtonProps, 'variant' | 'fullWidth'>) {
  const api = useApi();
  const { i18n } = useLingui();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const download = useSingleFlight(async () => {
    setError('');
    setBusy(true);
    try {
      const file = await api.downloadReceipt();
      saveFile(file.blob, file.fileName);
    } catch (failure) {
      setError(errorText(failure, /*i18n*/ 'receipt.error'));
    } finally {
      setBusy(false);
    }
  });
  return (
    <>
      <Button
        variant={variant}
        fullWidth={fullWidth}
        busy={busy}
        busyLabel={i18n._('receipt.preparing')}
        onClick={() => void download()}
      >
        {i18n._('receipt.download')}
      </Button>
      <ErrorBox>{error}</ErrorBox>
    </>
  );
}
