import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  /** What to do next (docs/design.md: an empty state says what to do next). */
  action?: ReactNode;
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <section className="empty-state" aria-label={title}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="empty-state__title">{title}</h2>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
