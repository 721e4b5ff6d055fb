import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { KIOSK_TABLE_MAX_DIGITS, kioskIdleTimes } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { routePath } from '../../state/navigation';
import { useCartState, useKioskState } from '../../state/store';
import { KioskConnect, useKioskConnection } from './kiosk-connect';
import { Keypad } from '../../ui/keypad';
import { Screen } from '../../ui/screen';
import { chooseKioskTable } from './kiosk-table';
import './kiosk-home.css';

/**
 * SPEC 2 Home, kiosk mode: the guest types their table's number on a large keypad (SPEC 5: not
 * empty; the restaurant takes table orders now; the restaurant has the table), then orders from
 * the restaurant's menu at that table. Nothing else: no sign-in, hotline, app links or tiles
 * (SPEC 6). A kiosk the server no longer takes orders from (no token, or an ended one) shows
 * KioskConnect instead, and asks whether it still is while Home shows (decision 038).
 */
export default function KioskHome() {
  const restaurant = useCartState((state) => state.restaurant);
  const list = useQuery(restaurantListQuery);
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const accessible = useKioskState((state) => state.kioskAccessible);
  const token = useKioskState((state) => state.kioskToken);
  useKioskConnection(restaurant?.id ?? null, token);

  // Digits typed and left: gone after the kiosk's idle time (SPEC 9, ×3 in accessibility mode)
  // without another, so the next guest does not add theirs to a stranger's («1» + «2» = table 12).
  const idleMs = kioskIdleTimes('other', accessible, true)?.idleMs ?? null;
  useEffect(() => {
    if (typed === '' || idleMs === null) return;
    const timer = setTimeout(() => setTyped(''), idleMs);
    return () => clearTimeout(timer);
  }, [typed, idleMs]);

  if (!restaurant) {
    // A kiosk is set up for a restaurant on its start page; without one there is nothing to order from.
    return (
      <Screen menu>
        <div className="kiosk-home">
          <h1 className="kiosk-home__heading">Номер стола</h1>
          <p className="kiosk-home__hint" role="status">
            Киоск не привязан к ресторану: сотрудник включает режим киоска по адресу /kiosk/{'{номер ресторана}'}.
          </p>
        </div>
      </Screen>
    );
  }

  const listed = list.status === 'ready' ? list.data.find((entry) => String(entry.id) === restaurant.id) : undefined;
  const name = listed?.name || restaurant.name;
  // Decision 038: a kiosk the server takes no order from asks staff for the code first.
  if (token === '') return <KioskConnect restaurantId={restaurant.id} name={name} />;

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const taken = await chooseKioskTable(restaurant.id, typed);
    setBusy(false);
    if (taken) navigate(routePath('restoranMenu', { restoran_id: restaurant.id, order_type: 'inrest' }));
  };

  return (
    <Screen menu>
      <div className="kiosk-home">
        <div className="kiosk-home__intro">
          <h1 className="kiosk-home__heading">Номер стола</h1>
          {name ? <p className="kiosk-home__restaurant">{name}</p> : null}
          <p className="kiosk-home__hint">Введите номер с таблички на вашем столе и нажмите OK.</p>
        </div>
        <Keypad
          label="Номер стола"
          value={typed}
          maxLength={KIOSK_TABLE_MAX_DIGITS}
          placeholder="Номер"
          busy={busy}
          onChange={setTyped}
          onCancel={() => setTyped('')}
          onSubmit={() => void submit()}
        />
      </div>
    </Screen>
  );
}
