import { createHash } from 'node:crypto';
import { STALLED_PAGE_SCRIPT } from '@loan-portal/api-client';

/**
 * The page's inline script that reloads a page whose scripts failed or stalled, once (api-client
 * `boot/stalled-page-script.ts`). The CSP allows it by its hash, as it does the early requests.
 */
export const STALLED_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(STALLED_PAGE_SCRIPT, 'utf8').digest('base64')}'`;

/** The `<script>` element, as `renderShellPage` puts it first in the head's additions. */
export const STALLED_PAGE_TAG = `<script>${STALLED_PAGE_SCRIPT}</script>`;
