import type { MouseEvent, ReactNode } from 'react';
import { ChevronRight, Heart, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { classNames } from './class-names';
import './restaurant-card.css';

export interface RestaurantCardProps {
  href: string;
  name: string;
  address: string;
  /** The heart beside the name: the guest's favourite (SPEC 3 favorite_restorans). */
  favourite: boolean;
  /** A photo across the card's top (decorative: the name is right under it). */
  photo?: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  testId?: string;
  /** What the screen adds under the address: hours, load, distance. */
  children?: ReactNode;
}

/**
 * A restaurant in a list the guest picks from (Самовывоз's list, Загруженность ресторанов): its
 * name with the favourite's heart, its address, the screen's own lines, and a chevron; the whole
 * card is the link.
 */
export function RestaurantCard({
  href,
  name,
  address,
  favourite,
  photo,
  onClick,
  testId,
  children,
}: RestaurantCardProps) {
  return (
    <Link
      href={href}
      className={classNames('restaurant-card', photo ? 'restaurant-card--photo' : null)}
      onClick={onClick}
      data-testid={testId}
    >
      {photo}
      <span className="restaurant-card__head">
        <span className="restaurant-card__name">{name}</span>
        {favourite ? (
          <span className="restaurant-card__favourite" title="В любимых">
            <Heart aria-hidden="true" />
            <span className="visually-hidden">В любимых</span>
          </span>
        ) : null}
      </span>
      <span className="restaurant-card__line">
        <MapPin aria-hidden="true" />
        <span>{address}</span>
      </span>
      {children}
      <ChevronRight className="restaurant-card__chevron" aria-hidden="true" />
    </Link>
  );
}
