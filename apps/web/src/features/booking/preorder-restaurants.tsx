import type { RestaurantChoice } from '@chain/contract';
import '../../ui/radio-cards.css';

/** The restaurants of a pre-order or delayed order as radio cards: name and address. */
export function RestaurantPicker({
  name,
  restaurants,
  value,
  onChange,
}: {
  name: string;
  restaurants: readonly RestaurantChoice[];
  value: string | null;
  onChange: (restaurantId: string) => void;
}) {
  return (
    <fieldset className="preorder__group">
      <legend className="preorder__legend">Ресторан</legend>
      {restaurants.length === 0 ? (
        <p className="preorder__notice">Сейчас ни один ресторан не принимает такие заказы.</p>
      ) : null}
      <div className="preorder__restaurants">
        {restaurants.map((restaurant) => (
          <label key={restaurant.id} className="radio-card radio-card--wide preorder__restaurant">
            <input
              type="radio"
              name={name}
              value={restaurant.id}
              checked={String(restaurant.id) === value}
              onChange={() => onChange(String(restaurant.id))}
            />
            <span>
              <span className="preorder__restaurant-name">{restaurant.name}</span>
              <span className="preorder__restaurant-address">{restaurant.address}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
