import { Link, useSearch } from 'wouter';
import { manageRestaurantCall, manageRestaurantsCall, RESTAURANT_MANAGE_TEXTS } from '@chain/contract';
import { useNow } from '../../../ui/use-now';
import { staffCall } from '../../api';
import { NotLoaded } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import type { ManageScreenProps } from '../areas';
import { RestaurantForm } from './restaurant-form';
import { newRestaurantDraft, restaurantStatus } from './restaurant-form-model';
import './restaurants.css';

/**
 * «Рестораны» of the back office (issue 31): the list of the manager's restaurants (a chain
 * manager's: all, archived last, and «Новый ресторан»), and one restaurant's form at ?r={id}
 * (?r=new for a new one).
 */
export default function RestaurantsScreen({ session }: ManageScreenProps) {
  const chosen = new URLSearchParams(useSearch()).get('r');
  if (chosen === 'new') {
    if (!session.me.chain)
      return (
        <p className="staff-error" role="alert">
          {RESTAURANT_MANAGE_TEXTS.notFound}
        </p>
      );
    return <RestaurantForm initial={newRestaurantDraft()} chain />;
  }
  if (chosen !== null && /^\d{1,9}$/.test(chosen))
    return <OneRestaurant id={Number(chosen)} chain={session.me.chain} />;
  return <RestaurantList />;
}

function OneRestaurant({ id, chain }: { id: number; chain: boolean }) {
  const restaurant = useStaffData(() => staffCall(manageRestaurantCall, { params: { id } }), `manage-restaurant-${id}`);
  if (!restaurant.data)
    return <NotLoaded error={restaurant.error} loading="Загружаем ресторан…" onRetry={restaurant.reload} />;
  return <RestaurantForm key={id} initial={restaurant.data} chain={chain} />;
}

function RestaurantList() {
  const now = useNow(60_000);
  const list = useStaffData(() => staffCall(manageRestaurantsCall), 'manage-restaurants');
  if (!list.data) return <NotLoaded error={list.error} loading="Загружаем рестораны…" onRetry={list.reload} />;
  return (
    <section aria-labelledby="restaurants-title" className="restaurants-manage">
      <div className="restaurants-manage__head">
        <h1 id="restaurants-title">{RESTAURANT_MANAGE_TEXTS.title}</h1>
        {list.data.may_create ? (
          <Link href="/manage/restaurants?r=new" className="staff-button staff-button--primary">
            Новый ресторан
          </Link>
        ) : null}
      </div>
      {list.data.restaurants.length === 0 ? <p className="staff-empty">Ресторанов пока нет.</p> : null}
      <ul className="restaurants-manage__list">
        {list.data.restaurants.map((restaurant) => {
          const status = restaurantStatus(restaurant, now);
          return (
            <li key={restaurant.id}>
              <Link href={`/manage/restaurants?r=${restaurant.id}`} className="staff-card restaurants-manage__item">
                <strong>{restaurant.name}</strong>
                <span>{restaurant.address}</span>
                <span className={`restaurants-manage__status restaurants-manage__status--${status.tone}`}>
                  {status.text}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
