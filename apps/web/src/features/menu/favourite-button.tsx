import { useGuestState } from '../../state/store';
import { FavouriteToggle, type FavouriteToggleProps } from '../../ui/favourite-toggle';
import { type FavouriteKind, isFavourite, toggleFavourite } from './favourites';

export interface FavouriteButtonProps extends Pick<FavouriteToggleProps, 'look' | 'className'> {
  kind: FavouriteKind;
  /** The dish or restaurant id, as text (the client state's ids). */
  id: string;
  name: string;
  /** After a confirmed removal (the liked list moves focus on). */
  onRemoved?: () => void;
}

/** The heart of a dish or a restaurant, bound to the client state's favourites (SPEC 2, 3). */
export function FavouriteButton({ kind, id, name, look, className, onRemoved }: FavouriteButtonProps) {
  const favourite = useGuestState((state) => isFavourite(state, kind, id));
  const onToggle = () => {
    void toggleFavourite(kind, id, name).then((stillFavourite) => {
      if (favourite && !stillFavourite) onRemoved?.();
    });
  };
  return <FavouriteToggle name={name} favourite={favourite} look={look} className={className} onToggle={onToggle} />;
}
