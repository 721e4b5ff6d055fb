import { Check, MapPin, Plus, Truck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { APP_ROUTES, type SavedAddress } from '@chain/contract';
import { ATTENTION_TITLE, ERROR_TITLE, OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { addressListQuery, deliveryAddressOf } from '../../api/addresses';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, guestStore, showDialog, useCartState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { LinkButton } from '../../ui/button';
import { courierFor, pointOf } from '../../api/courier-zones';
import './delivery-choice.css';

/** SPEC 2 Home: the warning beside the saved addresses. */
export const ADDRESS_CHANGE_EMPTIES_CART = 'При смене адреса доставки корзина очистится.';

/**
 * SPEC 2 Home → Доставка: a signed-in guest with saved addresses chooses one of them (its zone
 * finds the restaurant, SPEC 4) and goes on to the delivery time, or «Новый адрес» on the map; a
 * guest without a saved address goes straight to the map (/delivery_to).
 */
export function DeliveryChoice() {
  const [, navigate] = useLocation();
  const [addresses, setAddresses] = useState<readonly SavedAddress[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [choosing, setChoosing] = useState<number | null>(null);
  const currentId = useCartState((state) => (state.orderType === 'delivery' ? (state.address?.id ?? null) : null));

  const open = async () => {
    if (loading) return;
    const { user } = guestStore.getState();
    if (!user.authorized || !user.id) {
      navigate(APP_ROUTES.deliveryTo);
      return;
    }
    setLoading(true);
    try {
      const saved = await addressListQuery.fetch({ id: user.id, password: user.password });
      if (saved.length === 0) navigate(APP_ROUTES.deliveryTo);
      else setAddresses(saved);
    } catch (error) {
      await showDialog({ title: ERROR_TITLE, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setLoading(false);
    }
  };

  const choose = async (saved: SavedAddress) => {
    if (choosing !== null) return;
    setChoosing(saved.id);
    try {
      const point = pointOf(saved);
      const courier = point ? courierFor(await restaurantListQuery.fetch(), point) : null;
      if (courier === null) {
        await showDialog({ title: ATTENTION_TITLE, message: OUTSIDE_DELIVERY_ZONE_MESSAGE });
        return;
      }
      const { restaurant } = courier;
      cartStore.getState().chooseDeliveryAddress(deliveryAddressOf(saved), {
        id: String(restaurant.id),
        name: restaurant.name,
        nameShort: restaurant.nameShort,
      });
      setAddresses(null);
      navigate(APP_ROUTES.deliveryTime);
    } catch (error) {
      await showDialog({ title: ERROR_TITLE, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setChoosing(null);
    }
  };

  return (
    <>
      <button type="button" className="order-type__choice" aria-busy={loading || undefined} onClick={() => void open()}>
        <Truck aria-hidden="true" />
        <span>Доставка</span>
      </button>
      <BottomSheet
        open={addresses !== null}
        onClose={() => setAddresses(null)}
        title="Куда доставить?"
        footer={
          <LinkButton href={APP_ROUTES.deliveryTo} variant="secondary" icon={<Plus />} block>
            Новый адрес
          </LinkButton>
        }
      >
        <p className="delivery-choice__warning">
          <TriangleAlert aria-hidden="true" />
          <span>{ADDRESS_CHANGE_EMPTIES_CART}</span>
        </p>
        <ul className="delivery-choice__list" aria-label="Сохранённые адреса">
          {(addresses ?? []).map((saved) => {
            const current = currentId === String(saved.id);
            return (
              <li key={saved.id}>
                <button
                  type="button"
                  className="delivery-choice__address"
                  aria-current={current || undefined}
                  aria-busy={choosing === saved.id || undefined}
                  onClick={() => void choose(saved)}
                >
                  {current ? <Check aria-hidden="true" /> : <MapPin aria-hidden="true" />}
                  <span className="delivery-choice__lines">
                    <span className="delivery-choice__short">{saved.short}</span>
                    {saved.long !== saved.short ? <span className="delivery-choice__long">{saved.long}</span> : null}
                    {current ? <span className="delivery-choice__current">Текущий адрес</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </BottomSheet>
    </>
  );
}
