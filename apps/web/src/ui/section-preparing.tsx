import { Hourglass } from 'lucide-react';
import { LinkButton } from './button';
import { EmptyState } from './empty-state';

export interface SectionPreparingProps {
  /** What will be here, in one calm sentence. */
  description: string;
  /** Offer a way home (not on the home screen itself). */
  homeLink?: boolean;
}

/** The honest empty state of a screen whose content comes in a later release. */
export function SectionPreparing({ description, homeLink = true }: SectionPreparingProps) {
  return (
    <EmptyState
      icon={<Hourglass />}
      title="Раздел готовится"
      text={description}
      action={
        homeLink ? (
          <LinkButton href="/" variant="secondary" block>
            На главную
          </LinkButton>
        ) : null
      }
    />
  );
}
