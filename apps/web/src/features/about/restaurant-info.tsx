import type { RestaurantWire } from '@chain/contract';
import { CLOSED_TEXT, type PhotoSlot, telHref } from '@chain/domain';
import { ChevronRight, Clock, Mail, MapPin, Phone, Users } from 'lucide-react';
import { useId } from 'react';
import { routePath } from '../../state/navigation';
import { LinkButton } from '../../ui/button';
import { MenuPhoto } from '../../ui/menu-photo';
import { Skeleton } from '../../ui/skeleton';
import { openState, restaurantKey, scheduleRows } from './about-model';
import { PageText } from '../../ui/page-text';

/** The restaurant's photo across the top of its card: the column's width, 16:9 (about.css). */
const RESTAURANT_PHOTO: PhotoSlot = { kind: 'column', aspect: 16 / 9 };

/**
 * A restaurant as the chain's pages show it (SPEC 2 Other pages, SPEC 3 Restaurant): its photo
 * when it has one (issue 31), name,
 * open-now state (SPEC 4), address, phone, e-mail, seating, the week's hours and its own text.
 * With `detailsLink` it ends with the way to its page (/about_restoran/{id}) and the map.
 */
export function RestaurantInfo({
  restaurant,
  now,
  detailsLink = false,
  titled = true,
  photoLoading = 'lazy',
}: {
  restaurant: RestaurantWire;
  now: number;
  detailsLink?: boolean;
  /** Shows the name as the card's heading (the restaurant page has it in the top bar already). */
  titled?: boolean;
  /** Eager where the card is the first thing on the screen (its photo is the screen's largest picture). */
  photoLoading?: 'eager' | 'lazy';
}) {
  const headingId = useId();
  const scheduleId = useId();
  const state = openState(restaurant, now);
  const phone = restaurant.phone.trim();
  const email = restaurant.email.trim();
  const about = restaurant.about.trim();
  // Under the card's own heading, or right under the screen's title (the restaurant page).
  const Subtitle = titled ? 'h3' : 'h2';

  return (
    <section
      className="restaurant-info"
      aria-labelledby={titled ? headingId : undefined}
      aria-label={titled ? undefined : 'О ресторане'}
    >
      {restaurant.img ? (
        <MenuPhoto
          src={restaurant.img}
          alt={`Ресторан «${restaurant.name}»`}
          className="restaurant-info__photo"
          width={640}
          height={360}
          slot={RESTAURANT_PHOTO}
          loading={photoLoading}
        />
      ) : null}
      {titled ? (
        <h2 id={headingId} className="restaurant-info__name">
          {restaurant.name}
        </h2>
      ) : null}
      <p
        className={
          state.open
            ? 'restaurant-info__state restaurant-info__state--open'
            : 'restaurant-info__state restaurant-info__state--closed'
        }
      >
        <Clock aria-hidden="true" />
        <span>{state.open ? state.text : `Сейчас закрыто${state.text === CLOSED_TEXT ? '' : ` · ${state.text}`}`}</span>
      </p>
      <ul className="restaurant-info__contacts" aria-label="Контакты">
        <li className="restaurant-info__contact">
          <MapPin aria-hidden="true" />
          <span>{restaurant.address}</span>
        </li>
        {phone ? (
          <li>
            <a className="restaurant-info__contact restaurant-info__contact--link" href={telHref(phone)}>
              <Phone aria-hidden="true" />
              <span>
                <span className="visually-hidden">Позвонить: </span>
                {phone}
              </span>
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a className="restaurant-info__contact restaurant-info__contact--link" href={`mailto:${email}`}>
              <Mail aria-hidden="true" />
              <span>
                <span className="visually-hidden">Написать: </span>
                {email}
              </span>
            </a>
          </li>
        ) : null}
        {restaurant.seating > 0 ? (
          <li className="restaurant-info__contact">
            <Users aria-hidden="true" />
            <span>Посадочных мест: {restaurant.seating}</span>
          </li>
        ) : null}
      </ul>

      <Subtitle id={scheduleId} className="restaurant-info__subtitle">
        Часы работы
      </Subtitle>
      {restaurant.workTime ? <p className="restaurant-info__work-time">{restaurant.workTime}</p> : null}
      <table className="restaurant-schedule" aria-labelledby={scheduleId}>
        <tbody>
          {scheduleRows(restaurant, now).map((row) => (
            <tr key={row.day} className={row.today ? 'restaurant-schedule__today' : undefined}>
              <th scope="row">
                {row.name}
                {row.today ? <span className="restaurant-schedule__mark"> · сегодня</span> : null}
              </th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {about ? (
        <div className="restaurant-info__about">
          <PageText body={about} level={3} />
        </div>
      ) : null}

      {detailsLink ? (
        <LinkButton
          href={routePath('aboutRestoran', { id: restaurantKey(restaurant) })}
          variant="secondary"
          block
          icon={<ChevronRight />}
        >
          Карта и зоны доставки
        </LinkButton>
      ) : null}
    </section>
  );
}

/** The card's shape while the restaurant list loads. */
export function RestaurantSkeleton() {
  return (
    <div className="restaurant-info restaurant-info--skeleton" aria-hidden="true">
      <Skeleton shape="text" width="60%" height="1.375rem" />
      <Skeleton width="9rem" height="1.75rem" />
      <Skeleton shape="text" width="85%" />
      <Skeleton shape="text" width="50%" />
      <Skeleton shape="text" width="65%" />
      <Skeleton height="12rem" />
    </div>
  );
}
