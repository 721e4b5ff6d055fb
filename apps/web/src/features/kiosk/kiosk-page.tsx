import { KeyRound, LogOut, MonitorSmartphone, QrCode, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { RestaurantWire } from '@chain/contract';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { enterKiosk } from '../../api/kiosk';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, guestStore, kioskStore } from '../../state/store';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { StaffCodeSheet } from '../../ui/staff-code-sheet';
import './kiosk-page.css';

/** The restaurant of /kiosk/{id}: its id, or its fs_uid as the other routes accept it. */
export function kioskRestaurant<T extends Pick<RestaurantWire, 'id' | 'fs_uid'>>(
  list: readonly T[],
  id: string,
): T | null {
  return list.find((entry) => String(entry.id) === id || entry.fs_uid === id) ?? null;
}

/**
 * SPEC 4 Kiosk «yes», once the restaurant's staff code is taken: this device becomes the
 * restaurant's kiosk, with the token kiosk/enter gave it (decision 038: its orders need it).
 * Kiosk mode has no login (SPEC 6), so the user is logged out, and whatever a previous guest
 * left (cart, table, dialogs) goes.
 */
export function startKiosk(restaurant: Pick<RestaurantWire, 'id' | 'name' | 'nameShort'>, token: string): void {
  kioskStore.getState().setKiosk(true);
  kioskStore.getState().setKioskToken(token);
  cartStore
    .getState()
    .setRestaurant({ id: String(restaurant.id), name: restaurant.name, nameShort: restaurant.nameShort });
  guestStore.getState().logout();
  kioskStore.getState().endKioskGuest();
}

/**
 * SPEC 2 Kiosk start page (/kiosk/{id}): asks whether this device runs as the restaurant's
 * kiosk. «Да» asks for that restaurant's staff code (issue 14: a guest's phone that opened a
 * kiosk link is not trapped in kiosk mode, and a kiosk is not moved to another restaurant without
 * its code); the code taken, kiosk mode is on and the table keypad shows. «Нет», or leaving the
 * code sheet, changes nothing; «Нет» goes to / (SPEC 4: no saves the state as it is), where the
 * guard sends a visitor who is not signed in to sign-in as usual.
 */
export default function KioskPage() {
  const { id = '' } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const list = useQuery(restaurantListQuery);
  const restaurant = list.status === 'ready' ? kioskRestaurant(list.data, id) : null;
  const home = () => navigate('/', { replace: true });
  const [askingCode, setAskingCode] = useState(false);

  if (list.status === 'error') {
    return (
      <Screen title="Режим киоска">
        <div className="kiosk-start">
          <LoadError
            title={LOAD_FAILED_MESSAGE}
            message={list.error.message}
            onRetry={() => restaurantListQuery.refetch()}
          />
        </div>
      </Screen>
    );
  }

  if (list.status === 'ready' && restaurant === null) {
    return (
      <Screen title="Режим киоска">
        <div className="kiosk-start">
          <EmptyState
            icon={<SearchX />}
            title="Ресторан не найден"
            text={`В сети нет ресторана с номером «${id}». Проверьте адрес: /kiosk/{номер ресторана}.`}
            action={
              <Button variant="secondary" block onClick={home}>
                На главную
              </Button>
            }
          />
        </div>
      </Screen>
    );
  }

  return (
    <Screen
      busy={restaurant === null}
      actions={
        restaurant ? (
          <div className="kiosk-start__answers">
            <Button className="kiosk-start__answer" onClick={() => setAskingCode(true)}>
              Да
            </Button>
            <Button className="kiosk-start__answer" variant="secondary" onClick={home}>
              Нет
            </Button>
          </div>
        ) : undefined
      }
    >
      {restaurant ? (
        <section className="kiosk-start" aria-labelledby="kiosk-start-question">
          <h1 id="kiosk-start-question" className="kiosk-start__question">
            Включить режим киоска для ресторана «{restaurant.name}»?
          </h1>
          <ul className="kiosk-start__changes">
            <li>
              <MonitorSmartphone aria-hidden="true" />
              <span>Это устройство станет киоском самообслуживания ресторана.</span>
            </li>
            <li>
              <QrCode aria-hidden="true" />
              <span>
                Гости вводят номер своего стола, выбирают блюда и оплачивают заказ по QR-коду СБП со своего телефона.
              </span>
            </li>
            <li>
              <LogOut aria-hidden="true" />
              <span>Вход в личный кабинет на киоске недоступен: текущий пользователь выйдет.</span>
            </li>
            <li>
              <KeyRound aria-hidden="true" />
              <span>Включить режим киоска и выйти из него может только сотрудник с кодом ресторана.</span>
            </li>
          </ul>
          {askingCode ? (
            <StaffCodeSheet
              title="Код сотрудника"
              hint={`Введите код сотрудника ресторана «${restaurant.name}», чтобы включить режим киоска.`}
              submitLabel="Включить режим киоска"
              // A kiosk set up again (or moved here) ends the token it had: one device, one token.
              check={(code) => enterKiosk(String(restaurant.id), code, kioskStore.getState().kioskToken)}
              onAccepted={(answer) => {
                setAskingCode(false);
                startKiosk(restaurant, answer.token);
                home();
              }}
              onClose={() => setAskingCode(false)}
            />
          ) : null}
        </section>
      ) : (
        <div className="kiosk-start" aria-hidden="true">
          <Skeleton height="6rem" />
          <Skeleton height="12rem" />
        </div>
      )}
    </Screen>
  );
}
