import type { IfscLookup } from '@loan-portal/api-client';
import { useEffect, useState } from 'react';
import { useApi } from '../../../app/api-context';

const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export type IfscCheck =
  /** Not a complete, well-formed code yet: the form's own rules speak. */
  | { status: 'idle' }
  | { status: 'checking'; code: string }
  | { status: 'found'; code: string; found: IfscLookup }
  | { status: 'not-found'; code: string }
  /** The lookup failed (offline): nothing is said, nothing is blocked. */
  | { status: 'unknown'; code: string };

/** Looks a well-formed IFSC up in RBI's list (on our server) whenever the code changes. */
export function useIfscLookup(code: string): IfscCheck {
  const api = useApi();
  const [check, setCheck] = useState<IfscCheck>({ status: 'idle' });

  useEffect(() => {
    if (!IFSC_PATTERN.test(code)) {
      setCheck({ status: 'idle' });
      return;
    }
    let live = true;
    setCheck({ status: 'checking', code });
    api.lookupIfsc(code).then(
      (found) => {
        if (!live) return;
        setCheck(found ? { status: 'found', code, found } : { status: 'not-found', code });
      },
      (error: unknown) => {
        console.error('IFSC lookup failed', error);
        if (live) setCheck({ status: 'unknown', code });
      },
    );
    return () => {
      live = false;
    };
  }, [api, code]);

  return check;
}
