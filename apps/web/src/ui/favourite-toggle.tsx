import { Heart } from 'lucide-react';
import { IconButton } from './button';
import { classNames } from './class-names';
import './favourite-toggle.css';

export interface FavouriteToggleProps {
  /** The dish or restaurant, as the guest reads it: it completes the button's name. */
  name: string;
  /** Marked as a favourite now: a filled heart. */
  favourite: boolean;
  /** The owner decides what a tap does (SPEC 2: removing asks first). */
  onToggle: () => void;
  /** 'plain' in a bar or a row; 'overlay' on a photo, with a disc behind the heart. */
  look?: 'plain' | 'overlay';
  className?: string;
}

/**
 * SPEC 2 favourite toggle: a heart, outlined or filled. The name says what a tap will do
 * («Добавить в любимое: …» / «Убрать из любимого: …»); because the name changes with the state,
 * it is an action button, not an aria-pressed toggle (a toggle's name must not change).
 */
export function FavouriteToggle({ name, favourite, onToggle, look = 'plain', className }: FavouriteToggleProps) {
  return (
    <IconButton
      className={classNames(
        'favourite-toggle',
        `favourite-toggle--${look}`,
        favourite && 'favourite-toggle--on',
        className,
      )}
      label={favourite ? `Убрать из любимого: ${name}` : `Добавить в любимое: ${name}`}
      icon={<Heart aria-hidden="true" />}
      onClick={onToggle}
    />
  );
}
