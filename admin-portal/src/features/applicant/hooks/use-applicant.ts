import {
  type ApplicantDetail,
  type ApplicationStatus,
  getErrorMessage,
} from '@loan-portal/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { useAdminI18n } from '../../../app/i18n';

export interface ApplicantState {
  loading: boolean;
  /** Set when the application does not exist (404) or could not be loaded. */
  loadError: string;
  detail: ApplicantDetail | null;
  /** Moves the application from the status on screen; resolves to an error message or ''. */
  transition(to: ApplicationStatus, reason?: string): Promise<string>;
  /** Adds an internal note; resolves to an error message or ''. */
  addNote(text: string): Promise<string>;
}

/** One application, whole, and the staff actions on it. The server decides what is allowed. */
export function useApplicant(registrationId: number): ApplicantState {
  const api = useApiClient();
  const i18n = useAdminI18n();
  const [loads, setLoads] = useState(0);
  const [state, setState] = useState<Pick<ApplicantState, 'loading' | 'loadError' | 'detail'>>({
    loading: true,
    loadError: '',
    detail: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `loads` is a trigger, not an input
  useEffect(() => {
    // A path like /applicants/abc names no registration: say so without asking the server.
    if (!Number.isSafeInteger(registrationId) || registrationId <= 0) {
      setState({ loading: false, detail: null, loadError: i18n._('applicant.notFound') });
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    api.getApplicant(registrationId).then(
      (detail) => {
        if (current) setState({ loading: false, loadError: '', detail });
      },
      (error: unknown) => {
        console.error('Failed to load the applicant', error);
        const status = (error as { response?: { status?: number } }).response?.status;
        if (current) {
          setState({
            loading: false,
            detail: null,
            loadError:
              status === 404 ? i18n._('applicant.notFound') : i18n._('applicant.loadFailed'),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [api, i18n, registrationId, loads]);

  const reload = useCallback(() => setLoads((n) => n + 1), []);

  const transition = useCallback(
    async (to: ApplicationStatus, reason?: string) => {
      const expected = state.detail?.status;
      if (!expected) return i18n._('applicant.loadFailed');
      try {
        await api.transitionApplication(registrationId, {
          to,
          expected_status: expected,
          ...(reason ? { reason } : {}),
        });
        reload();
        return '';
      } catch (error) {
        // A 409 means the status on screen is out of date: show the new one with the message.
        reload();
        return getErrorMessage(error, i18n._('applicant.transitionFailed'));
      }
    },
    [api, i18n, registrationId, state.detail?.status, reload],
  );

  const addNote = useCallback(
    async (text: string) => {
      try {
        await api.addApplicationNote(registrationId, text);
        reload();
        return '';
      } catch (error) {
        return getErrorMessage(error, i18n._('applicant.noteFailed'));
      }
    },
    [api, i18n, registrationId, reload],
  );

  return { ...state, transition, addNote };
}
