import type { Messages } from '@lingui/core';
import { loadedCatalog, registerCatalog } from '../app/i18n';

// Every ASCII letter becomes a look-alike outside ASCII, so a word that reaches the screen without
// the catalog (a hard-coded string) is the only place two ASCII letters can still meet.
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOOK_ALIKES = 'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ';

function pseudoText(text: string): string {
  // Keep <0>...</0> tags of rich messages as they are.
  return text.replace(/<[^>]*>|[A-Za-z]/g, (part) =>
    part.length === 1 ? LOOK_ALIKES[LETTERS.indexOf(part)]! : part,
  );
}

type Token = string | [string] | [string, string, Record<string, Compiled>] | unknown[];
type Compiled = string | Token[];

/** A compiled message: literal parts change; placeholders and plural/select keys stay. */
function pseudoCompiled(message: Compiled): Compiled {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, cases] = token as [string, string?, Record<string, Compiled>?];
    if (!cases || typeof cases !== 'object') return token;
    return [
      name,
      type,
      Object.fromEntries(Object.entries(cases).map(([key, value]) => [key, pseudoCompiled(value)])),
    ];
  });
}

/**
 * The pseudo-locale: the English catalog (shared, ui-kit and portal) with every letter swapped,
 * registered as locale 'pseudo' for `renderApp(path, state, config, 'pseudo')`.
 */
export function registerPseudoLocale(): Messages {
  const english = loadedCatalog('en')!;
  const pseudo = Object.fromEntries(
    Object.entries(english).map(([id, message]) => [id, pseudoCompiled(message as Compiled)]),
  ) as Messages;
  registerCatalog('pseudo', pseudo);
  return pseudo;
}

/**
 * Text a reader sees that did not come from the catalog: every text node and shown attribute
 * (aria-label, placeholder, title, alt) of the page, minus the values the test itself supplied
 * (names, numbers, e-mail addresses, the product name) and dates, which Intl writes.
 */
export function untranslatedTexts(container: ParentNode, data: readonly string[]): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(container as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style, [hidden], [data-testid="location"]')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of (container as Element).querySelectorAll?.('*') ?? []) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  const known = [...data].sort((a, b) => b.length - a.length);
  return texts
    .map((text) => {
      let rest = text.replace(/\d{1,2} [A-Z][a-z]+ \d{4}((,| at) \d{1,2}:\d{2} [ap]m)?/g, ' ');
      for (const value of known) rest = rest.replaceAll(value, ' ');
      return rest;
    })
    .filter((rest) => /[A-Za-z][A-Za-z]/.test(rest));
}
