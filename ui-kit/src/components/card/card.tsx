import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import styles from './card.module.css';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** Heading of the card; when set the card becomes a labelled region. */
  title?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Right-aligned content in the header, e.g. a StatusBadge. */
  actions?: ReactNode;
  padding?: 'md' | 'lg' | 'none';
}

/** White surface with a border and soft shadow that groups related content. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const classes = [styles.card, styles[padding], className].filter(Boolean).join(' ');
  if (!title) {
    return (
      <div className={classes} {...rest}>
        {children}
      </div>
    );
  }
  return (
    <section className={classes} aria-labelledby={headingId} {...rest}>
      <div className={styles.header}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
