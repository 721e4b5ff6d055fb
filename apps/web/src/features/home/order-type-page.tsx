import {
  CalendarClock,
  Clock,
  Gauge,
  ListX,
  MapPinned,
  Phone,
  ShoppingBag,
  Smartphone,
  UtensilsCrossed,
} from 'lucide-react';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import { chooseTableByCode } from '../../api/tables';
import { takeTableLink, tableLinkCode } from '../../api/table-link';
import { isBuiltScreen } from '../../state/navigation';
import { cartStore, showDialog, useCartState, useGuestState, useKioskState } from '../../state/store';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { TableCodeSheet } from '../../ui/table-code-sheet';
import { Skeleton } from '../../ui/skeleton';
import { DeliveryChoice } from './delivery-choice';
import { appStoreLink, deliveryOffered, type ServiceTile, serviceTiles } from './service-tiles';
import './order-type-page.css';

const TILE_ICONS: Record<ServiceTile['id'], ReactNode> = {
  preorder: <CalendarClock aria-hidden="true" />,
  delayed: <Clock aria-hidden="true" />,
  booking: <UtensilsCrossed aria-hidden="true" />,
  load: <Gauge aria-hidden="true" />,
  map: <MapPinned aria-hidden="true" />,
  stoplist: <ListX aria-hidden="true" />,
};

// The kiosk's Home (its keypad) is loaded only on a kiosk: a phone never downloads it.
const KioskHome = lazy(() => import('./kiosk-home'));

/** SPEC 2 Home (/): the order type, then the optional service tiles; on a kiosk, the table keypad. */
export default function OrderTypePage() {
  const kiosk = useKioskState((state) => state.kiosk);
  // A new kiosk guest (endKioskGuest) gets a new keypad: no digit a gone guest typed is left on it.
  const guest = useKioskState((state) => state.kioskGuestGeneration);
  return kiosk ? <KioskHome key={guest} /> : <GuestHome />;
}

function GuestHome() {
  const settings = useQuery(settingsQuery);
  const setOrderType = useCartState((state) => state.setOrderType);
  const user = useGuestState((state) => state.user);

  const [, navigate] = useLocation();
  const [tableSheet, setTableSheet] = useState(false);

  // A table's printed QR opens `/?table={code}` (issue 17, the staff's QR page): that table's
  // order, as if its code were typed in the sheet.
  useEffect(() => {
    const code = takeTableLink(window.sessionStorage) ?? tableLinkCode(window.location.search);
    if (code === null) return;
    void chooseTableByCode(code).then((chosen) => {
      if (chosen) navigate(`/menu/${encodeURIComponent(chosen.restaurantId)}/inrest`);
    });
  }, [navigate]);

  // SPEC 2 Restaurant option: with pre-orders on, scan the table later or now; otherwise now.
  const chooseRestaurant = async () => {
    if (settings.status === 'ready' && settings.data.allow_predzakaz === 1) {
      const choice = await showDialog({
        title: 'Заказ в ресторане',
        message: 'Отсканируйте код на столе, чтобы заказать к столу.',
        items: [
          { label: 'Отсканировать сейчас', variant: 'primary' },
          { label: 'Отсканировать позже', variant: 'secondary' },
        ],
      });
      if (choice === null) return;
      if (choice.label === 'Отсканировать позже') {
        // The restaurants taking table orders; the table is asked in the cart.
        setOrderType('inrest');
        cartStore.getState().updateCheckout({ table: '' });
        navigate('/self_from');
        return;
      }
    }
    setTableSheet(true);
  };

  const appLink =
    settings.status === 'ready' && typeof navigator !== 'undefined'
      ? appStoreLink(navigator.userAgent, settings.data)
      : null;

  return (
    <Screen menu busy={settings.status === 'loading'}>
      <h1 className="order-type__heading">Как вы хотите заказать?</h1>

      <div className="order-type__choices">
        <button type="button" className="order-type__choice" onClick={() => void chooseRestaurant()}>
          <UtensilsCrossed aria-hidden="true" />
          <span>Ресторан</span>
        </button>
        <Link href="/self_from" className="order-type__choice" onClick={() => setOrderType('self')}>
          <ShoppingBag aria-hidden="true" />
          <span>Заберу сам</span>
        </Link>
        {deliveryOffered(settings.status === 'ready' ? settings.data : null) ? <DeliveryChoice /> : null}
      </div>

      {settings.status === 'loading' ? (
        <div className="order-type__tiles" aria-hidden="true">
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
        </div>
      ) : settings.status === 'error' ? (
        <div className="order-type__notice" role="status">
          <p>{LOAD_FAILED_MESSAGE}</p>
          <Button variant="ghost" onClick={() => settingsQuery.refetch()}>
            Повторить
          </Button>
        </div>
      ) : (
        <>
          <ServiceTiles tiles={serviceTiles(settings.data, user).filter((tile) => isBuiltScreen(tile.href))} />
          <div className="order-type__footer">
            {settings.data.hotline ? (
              <a className="order-type__footer-link" href={`tel:${settings.data.hotline.replace(/[^\d+]/g, '')}`}>
                <Phone aria-hidden="true" />
                <span>Позвонить: {settings.data.hotline}</span>
              </a>
            ) : null}
            {appLink ? (
              <a className="order-type__footer-link" href={appLink.href} rel="noopener" target="_blank">
                <Smartphone aria-hidden="true" />
                <span>{appLink.label}</span>
              </a>
            ) : null}
          </div>
        </>
      )}

      <TableCodeSheet
        open={tableSheet}
        onClose={() => setTableSheet(false)}
        onSubmit={async (code) => {
          const chosen = await chooseTableByCode(code);
          if (!chosen) return;
          setTableSheet(false);
          navigate(`/menu/${encodeURIComponent(chosen.restaurantId)}/inrest`);
        }}
      />
    </Screen>
  );
}

function ServiceTiles({ tiles }: { tiles: ServiceTile[] }) {
  if (tiles.length === 0) return null;
  return (
    <nav className="order-type__tiles" aria-label="Сервисы">
      {tiles.map((tile) => (
        <Link key={tile.id} href={tile.href} className="order-type__tile">
          {TILE_ICONS[tile.id]}
          <span>{tile.label}</span>
        </Link>
      ))}
    </nav>
  );
}
