import type { StaffAccount } from '@loan-portal/api-client';
import { getErrorMessage } from '@loan-portal/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useAdminI18n } from '../../../app/i18n';

export interface StaffState {
  loading: boolean;
  error: string;
  accounts: StaffAccount[];
  totpRequired: boolean | null;
}

/** The staff list and the security setting, loaded together; `reload` after each change. */
export function useStaff() {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [state, setState] = useState<StaffState>({
    loading: true,
    error: '',
    accounts: [],
    totpRequired: null,
  });

  const reload = useCallback(async () => {
    try {
      const [accounts, settings] = await Promise.all([api.listStaff(), api.getSecuritySettings()]);
      setState({ loading: false, error: '', accounts, totpRequired: settings.totp_required });
    } catch (failure) {
      setState((current) => ({
        ...current,
        loading: false,
        error: getErrorMessage(failure, i18n._('staff.loadFailed')),
      }));
    }
  }, [api, i18n]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Puts one changed account in place without a reload. */
  const replace = useCallback((account: StaffAccount) => {
    setState((current) => ({
      ...current,
      accounts: current.accounts.map((a) => (a.id === account.id ? account : a)),
    }));
  }, []);

  const setTotpRequired = useCallback((totpRequired: boolean) => {
    setState((current) => ({ ...current, totpRequired }));
  }, []);

  return { ...state, reload, replace, setTotpRequired };
}
