import { setupI18n } from '@lingui/core';
import { messages as english } from '../locales/en';
import { messages as hindi } from '../locales/hi';

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The notice a page shows when its scripts failed again after the page reloaded itself (api-client
 * `boot/stalled-page-script.ts`). That inline script runs exactly when none of the shell's code
 * could arrive, so its words cannot come from the shell's bundle: the build writes them into
 * index.html instead, from the shell's own catalogs, once per language, into the `<template>` that
 * index.html keeps for them (never rendered, read by no one until the script needs it). About
 * 0.8 KB of every page's HTML. Vite's config imports this file, so it imports no workspace package
 * (Node would meet their TypeScript sources unbundled).
 */
export const STALLED_NOTICE_MARKER = '<!--lp-stalled-notice-->';

export function stalledNoticeCopies(): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: english, hi: hindi } });
  const copies = (['en', 'hi'] as const).map((locale) => {
    i18n.activate(locale);
    return (
      `<div class="lp-stalled" lang="${locale}-IN" role="alert">` +
      `<p class="lp-stalled-title">${escapeText(i18n._('shell.error.title'))}</p>` +
      `<p>${escapeText(i18n._('shell.stalled.message'))}</p>` +
      `<button type="button">${escapeText(i18n._('shell.retry'))}</button>` +
      '</div>'
    );
  });
  return copies.join('');
}
