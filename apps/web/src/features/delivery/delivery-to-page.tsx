import type { FoundAddress, MapConfig, RestaurantListResponse } from '@chain/contract';
import { type GeoPoint, MAP_CENTRE, MAP_ZOOM, OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { addressAt, mapConfigQuery } from '../../api/geo';
import { useRestaurantListFollowsCatalogue } from '../../api/menu-events';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { showDialog } from '../../state/store';
import { Button, IconButton } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { type MapMarker, showPoint } from '../../ui/map/map-view';
import { useMapView } from '../../ui/map/use-map-view';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { AddressDetailsSheet } from './address-details-sheet';
import { AddressSearch } from './address-search';
import { PointSummary } from './point-summary';
import {
  choosePoint,
  type ChosenPoint,
  confirmProblem,
  drawnZones,
  type PointSource,
  withLookup,
  withZonesNow,
} from './delivery-map-model';
import './delivery-to-page.css';
import { LocateError, locateGuest } from '../../ui/map/locate-guest';

/** The delivery map's own words for locateGuest's failures: here the search and the pin are the way on. */
export const DELIVERY_LOCATE_DENIED_MESSAGE =
  'Нет доступа к геолокации. Разрешите его в настройках браузера или найдите адрес поиском.';
export const DELIVERY_LOCATE_FAILED_MESSAGE =
  'Не удалось определить местоположение. Найдите адрес поиском или укажите точку на карте.';
const MAP_FAILED_MESSAGE = 'Карта не загрузилась. Найдите адрес поиском или попробуйте ещё раз.';

// The screen's opening answers are asked as its code arrives, not after its first paint (issue 18):
// the page has preloaded both, so they are usually in by the first render, which then draws the
// map's frame and the first view's tiles (tile-preview.ts) in the same commit. Asked once a visit.
mapConfigQuery.ensure();
restaurantListQuery.ensure();

/** SPEC 2 Адрес доставки (/delivery_to): where the courier brings the order (SPEC 4 Delivery location). */
export default function DeliveryToPage() {
  const config = useQuery(mapConfigQuery);
  const list = useQuery(restaurantListQuery);
  useRestaurantListFollowsCatalogue();
  const busy = config.status === 'loading' || list.status === 'loading';
  const failed = config.status === 'error' ? config : list.status === 'error' ? list : null;

  return (
    <Screen title="Адрес доставки" back busy={busy}>
      {failed ? (
        <LoadError
          title="Не удалось открыть карту"
          message={failed.error.message}
          onRetry={() => {
            mapConfigQuery.refetch();
            restaurantListQuery.refetch();
          }}
        />
      ) : config.status === 'ready' && list.status === 'ready' ? (
        <DeliveryMap config={config.data} restaurants={list.data} />
      ) : (
        <Skeleton height="100%" className="delivery-to__skeleton" />
      )}
    </Screen>
  );
}

function DeliveryMap({ config, restaurants }: { config: MapConfig; restaurants: RestaurantListResponse }) {
  const [, navigate] = useLocation();
  const [picked, setChosen] = useState<ChosenPoint | null>(null);
  // The picked point read against the zones as they are now: a zone changed meanwhile (the list follows the catalogue) is seen at once.
  const chosen = useMemo(() => withZonesNow(picked, restaurants), [picked, restaurants]);
  const [locating, setLocating] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [mapElement, map] = useMapView(config, { centre: MAP_CENTRE, zoom: MAP_ZOOM, label: 'Карта зон доставки' });
  const zones = useMemo(() => drawnZones(restaurants), [restaurants]);

  const pick = (point: GeoPoint, source: PointSource, found?: FoundAddress) => {
    const next = choosePoint(restaurants, point, source, found);
    setChosen(next);
    // SPEC 4, 8: a point outside every active zone is told at once.
    if (next.courier === null) void showDialog({ message: OUTSIDE_DELIVERY_ZONE_MESSAGE });
  };
  // The map's listeners (a tap, the end of a drag) outlive renders: they reach the latest pick.
  const pickOnMap = useEffectEvent((point: GeoPoint, source: 'tap' | 'drag') => pick(point, source));

  // The zones in their colours (SPEC 9), and taps on the map.
  const view = map.view;
  useEffect(() => {
    if (view === null) return;
    const layers = zones.map((zone) => view.addPolygon(zone.polygon, zone.style));
    const stopTaps = view.onTap((point) => pickOnMap(point, 'tap'));
    return () => {
      stopTaps();
      for (const layer of layers) layer.remove();
    };
  }, [view, zones]);

  // One draggable marker, placed at the first chosen point; a chosen point is shown at zoom 18 (SPEC 9).
  const marker = useRef<MapMarker | null>(null);
  useEffect(() => {
    if (view === null || chosen === null) return;
    if (marker.current === null) {
      marker.current = view.addMarker(chosen.point, { draggable: true, label: 'Точка доставки, её можно перетащить' });
      marker.current.onDragEnd((point) => pickOnMap(point, 'drag'));
    } else {
      marker.current.setPosition(chosen.point);
    }
    if (chosen.source !== 'drag') showPoint(view, chosen.point);
  }, [view, chosen?.point, chosen?.source]); // eslint-disable-line react-hooks/exhaustive-deps -- the point, not its lookup
  useEffect(
    () => () => {
      marker.current = null;
    },
    [view],
  );

  // The address at the point (SPEC 7 geocoding); a newer point cancels the older question.
  const lookupPoint = chosen?.lookup.status === 'loading' ? chosen.point : null;
  useEffect(() => {
    if (lookupPoint === null) return;
    const controller = new AbortController();
    addressAt(lookupPoint, controller.signal).then(
      (address) =>
        setChosen((current) =>
          withLookup(current, lookupPoint, address ? { status: 'found', address } : { status: 'none' }),
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setChosen((current) => withLookup(current, lookupPoint, { status: 'error', message }));
      },
    );
    return () => controller.abort();
  }, [lookupPoint]);

  const locate = () => {
    setLocating(true);
    locateGuest({ maximumAgeMs: 0 }).then(
      (point) => {
        setLocating(false);
        pick(point, 'locate');
      },
      (error: unknown) => {
        setLocating(false);
        const denied = error instanceof LocateError && error.failure === 'denied';
        void showDialog({ message: denied ? DELIVERY_LOCATE_DENIED_MESSAGE : DELIVERY_LOCATE_FAILED_MESSAGE });
      },
    );
  };

  // «Я ЗДЕСЬ»: the point under the marker, if a courier goes there and it has a house.
  const confirm = () => {
    const problem = confirmProblem(chosen);
    if (problem !== null) {
      void showDialog({ message: problem });
      return;
    }
    setSheetOpen(true);
  };

  const found = chosen?.lookup.status === 'found' ? chosen.lookup.address : null;
  const near = chosen?.point ?? view?.getCentre() ?? MAP_CENTRE;

  return (
    <div className="delivery-to">
      <AddressSearch
        near={near}
        onPick={(address) => pick({ lat: address.lat, lon: address.lon }, 'search', address)}
      />
      <div className="delivery-to__map-frame">
        <div ref={mapElement} className="delivery-to__map" />
        {map.status === 'error' ? (
          <p className="delivery-to__map-error" role="alert">
            {MAP_FAILED_MESSAGE}
          </p>
        ) : null}
        <IconButton
          className="delivery-to__locate"
          label={locating ? 'Определяем местоположение…' : 'Моё местоположение'}
          icon={<LocateFixed aria-hidden="true" />}
          aria-busy={locating || undefined}
          onClick={locate}
        />
      </div>
      <section className="delivery-to__panel" aria-label="Выбранный адрес">
        <PointSummary chosen={chosen} />
        <Button block icon={<MapPin />} onClick={confirm}>
          Я ЗДЕСЬ
        </Button>
      </section>
      {found !== null && chosen?.courier ? (
        <AddressDetailsSheet
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          address={found}
          point={chosen.point}
          restaurant={chosen.courier.restaurant}
          onSaved={() => navigate('/delivery_time')}
        />
      ) : null}
    </div>
  );
}
