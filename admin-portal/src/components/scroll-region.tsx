import type { ReactNode } from 'react';
import styles from './scroll-region.module.css';

export interface ScrollRegionProps {
  /** Accessible name of the region, e.g. 'Applicants table'. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's horizontal scroller (phones from 360 px). It is focusable so keyboard users can
 * scroll it too, and named so a screen reader says what it holds.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  const classes = [styles.region, className].filter(Boolean).join(' ');
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label}
      className={classes}
    >
      {children}
    </section>
  );
}
