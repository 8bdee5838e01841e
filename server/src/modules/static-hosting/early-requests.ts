import { createHash } from 'node:crypto';
import { EARLY_REQUESTS_SCRIPT } from '@loan-portal/api-client';

/**
 * The page's inline script that starts a signed-in page's first API reads while its scripts
 * download (issue 17; api-client `early-requests.ts` has the script and the side that takes the
 * answers). The CSP allows exactly this script by its hash, and no other inline script.
 */
export const EARLY_REQUESTS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_REQUESTS_SCRIPT, 'utf8').digest('base64')}'`;

/** The `<script>` element, as `renderShellPage` puts it after the runtime config. */
export const EARLY_REQUESTS_TAG = `<script>${EARLY_REQUESTS_SCRIPT}</script>`;
