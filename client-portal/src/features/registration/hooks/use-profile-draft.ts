import type { ProfileDraft, ProfileDraftValues } from '@loan-portal/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../app/api-context';
import type { ProfileFormValues } from '../../../lib/shared';

/** How long the form waits after the last keystroke before saving the draft. */
export const DRAFT_SAVE_DELAY_MS = 800;

export type DraftState = { status: 'loading' } | { status: 'ready'; draft: ProfileDraft | null };

/**
 * The form's draft on the server: read once when the form opens (a reload, or another device,
 * continues where the client left off), then saved, debounced, as values or the step change.
 * A failed read or save never blocks the form: it only means starting blank or saving later.
 */
export function useProfileDraft() {
  const api = useApi();
  const [state, setState] = useState<DraftState>({ status: 'loading' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const stopped = useRef(false);
  const lastSaved = useRef<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.getProfileDraft().then(
      (draft) => {
        if (!live) return;
        if (draft) lastSaved.current = JSON.stringify({ step: draft.step, values: draft.values });
        setState({ status: 'ready', draft });
      },
      (error: unknown) => {
        console.error('Could not load the saved form', error);
        if (live) setState({ status: 'ready', draft: null });
      },
    );
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [api]);

  /** Schedules a save of these values at this step (the last call within the delay wins). */
  const schedule = useCallback(
    (step: number, values: ProfileFormValues) => {
      if (stopped.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (stopped.current) return;
        const draft = { step, values: draftValues(values) };
        const key = JSON.stringify(draft);
        if (key === lastSaved.current) return;
        lastSaved.current = key;
        inFlight.current = inFlight.current
          .then(() => (stopped.current ? undefined : api.saveProfileDraft(draft)))
          .catch((error: unknown) => {
            lastSaved.current = undefined;
            console.error('Could not save the form', error);
          });
      }, DRAFT_SAVE_DELAY_MS);
    },
    [api],
  );

  /**
   * Before submitting: no save may land after the profile (whose save removes the draft), so
   * pending saves are dropped and one already sent is waited for.
   */
  const stop = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    await inFlight.current;
  }, []);

  /** After a failed submit the client edits on, and the draft with them. */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  return { state, schedule, stop, resume };
}

/** Only what was typed: empty fields are left out, so a draft is as small as the progress. */
function draftValues(values: ProfileFormValues): ProfileDraftValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}
