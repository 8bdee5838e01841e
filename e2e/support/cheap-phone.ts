import type { Page } from '@playwright/test';
import { CHEAP_PHONE } from './cheap-phone-profile';

declare global {
  interface Window {
    /** Fields whose typed value changed or vanished without the person doing it. */
    __lostInput?: string[];
  }
}

/**
 * Runs in the page. Watches every field the person types into: a typed value that changes, or a
 * field that disappears while the URL is still the one it was typed under, with no click, tap or
 * submit by the person since, is recorded as lost. The screen threw away what they typed. A field
 * replaced by one of the same name that holds the same value is followed there instead.
 */
export function watchTypedValues() {
  type Field = HTMLInputElement | HTMLTextAreaElement;
  const lost: string[] = [];
  window.__lostInput = lost;
  const typed = new Map<Field, { value: string; path: string; at: number }>();
  let actedAt = -1;
  const acted = () => {
    actedAt = performance.now();
  };
  document.addEventListener('click', acted, true);
  document.addEventListener('submit', acted, true);
  window.addEventListener('popstate', acted, true);
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (field.type === 'checkbox' || field.type === 'radio') return;
      // Read once the page has handled the keystroke (a PAN field upper-cases what is typed).
      setTimeout(() => {
        typed.set(field, { value: field.value, path: location.pathname, at: performance.now() });
      });
    },
    true,
  );
  const check = () => {
    for (const [field, record] of typed) {
      const untouched = actedAt < record.at;
      if (!field.isConnected) {
        typed.delete(field);
        // A field the screen put in its place under the same name, holding what was typed: the
        // value was carried over (/login's painted copy, adopted by the live form), not lost.
        const heir = field.name
          ? [...document.querySelectorAll<Field>('input[name], textarea[name]')].find(
              (candidate) => candidate.name === field.name,
            )
          : undefined;
        if (heir && heir.value === record.value) {
          typed.set(heir, record);
          continue;
        }
        if (untouched && record.value && record.path === location.pathname) {
          lost.push(
            `"${record.value}" typed into ${field.name || field.type} on ${record.path} vanished with its field`,
          );
        }
      } else if (field.value !== record.value) {
        typed.delete(field);
        if (untouched) {
          lost.push(
            `"${record.value}" typed into ${field.name || field.type} on ${record.path} became "${field.value}"`,
          );
        }
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Slows `page` down to a cheap phone on slow 4G through the DevTools protocol. */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CHEAP_PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CHEAP_PHONE.network);
}

/** What the page recorded as lost (see watchTypedValues); [] when the page is gone. */
export function lostInput(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__lostInput ?? []).catch(() => []);
}
