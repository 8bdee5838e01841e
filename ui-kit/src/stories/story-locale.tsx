import type { Messages } from '@lingui/core';
import type { Locale } from '@loan-portal/api-client';
import type { Decorator } from '@storybook/react-vite';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { loadCatalog, loadedCatalog } from '../../../client-portal/src/app/i18n';
import { LocaleProvider } from '../../../client-portal/src/app/locale-provider';
import { STORY_TEXTS_HI } from './story-texts-hi';

/**
 * The languages of the client portal (issue 16). A story's texts are the portal's English texts;
 * in Hindi each text arg the catalogs know (a label, a button, an error) is shown as the portal
 * shows it in Hindi, and ui-kit's own words come from the catalogs through the portal's
 * LocaleProvider, as in the app.
 */
export function storyLocale(value: unknown): Locale {
  return value === 'hi' ? 'hi' : 'en';
}

/** A compiled message without placeholders: its one text. */
function plainText(message: Messages[string]): string | null {
  if (typeof message === 'string') return message;
  return Array.isArray(message) && message.every((part) => typeof part === 'string')
    ? message.join('')
    : null;
}

let idsOfEnglish: Map<string, string> | undefined;

/** English text -> message id, over the portal's merged catalogs (shared, ui-kit, portal). */
function idOfEnglish(text: string): string | undefined {
  if (!idsOfEnglish) {
    idsOfEnglish = new Map();
    for (const [id, message] of Object.entries(loadedCatalog('en') ?? {})) {
      const english = plainText(message);
      if (english && !idsOfEnglish.has(english)) idsOfEnglish.set(english, id);
    }
  }
  return idsOfEnglish.get(text);
}

/** `text` in `locale` when the catalogs know it as an English text, else as it is. */
export function storyText(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const id = idOfEnglish(text);
  const translated = id ? plainText(loadedCatalog(locale)?.[id] ?? '') : null;
  return translated ?? STORY_TEXTS_HI[text.trim()] ?? text;
}

/** A text arg, or the texts inside an element arg (a trigger, a dialog's body), in `locale`. */
function translateNode(node: unknown, locale: Locale): unknown {
  if (typeof node === 'string') return storyText(node, locale);
  if (Array.isArray(node)) return node.map((child) => translateNode(child, locale));
  if (isValidElement<{ children?: ReactNode }>(node) && node.props.children !== undefined) {
    // One child stays one (a Radix `asChild` slot takes exactly one element). Several go back as
    // cloneElement's arguments, as JSX passes them: as one array prop they would be a list, each
    // child wanting a key.
    const element = node as ReactElement<{ children?: ReactNode }>;
    const children = translateNode(node.props.children, locale) as ReactNode;
    return Array.isArray(children)
      ? cloneElement(element, undefined, ...children)
      : cloneElement(element, { children });
  }
  return node;
}

function translateArgs(args: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  if (locale === 'en') return args;
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => [name, translateNode(value, locale)]),
  );
}

/** Wraps every story in the client portal's LocaleProvider, in the toolbar's language. */
export const withLocale: Decorator = (Story, context) => {
  const locale = storyLocale(context.globals.locale);
  return (
    // A new provider per language: it starts in the locale it is given.
    <LocaleProvider key={locale} initialLocale={locale}>
      <div lang={locale}>
        <Story args={translateArgs(context.args, locale)} />
      </div>
    </LocaleProvider>
  );
};

/** Loads the catalogs of the toolbar's language before the story renders (Hindi is a chunk). */
export async function loadStoryLocale({ globals }: { globals: Record<string, unknown> }) {
  await loadCatalog(storyLocale(globals.locale));
  return {};
}
