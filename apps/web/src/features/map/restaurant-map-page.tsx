import type { MapConfig, RestaurantWire } from '@chain/contract';
import { LOAD_FAILED_MESSAGE, MAP_CENTRE, MAP_ZOOM, telHref } from '@chain/domain';
import { LoaderCircle, LocateFixed, Mail, Phone, Search } from 'lucide-react';
import { type FormEvent, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { mapConfigQuery, suggestAddresses } from '../../api/geo';
import { ApiError } from '../../api/client';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { showDialog } from '../../state/store';
import { Button, buttonClassName, IconButton } from '../../ui/button';
import { BottomSheet } from '../../ui/bottom-sheet';
import { LoadError } from '../../ui/load-error';
import { type MapMarker, showPoint } from '../../ui/map/map-view';
import { useMapView } from '../../ui/map/use-map-view';
import { Screen } from '../../ui/screen';
import { LOCATE_FAILED_MESSAGE, locateGuest } from '../../ui/map/locate-guest';
import { findRestaurants, mapRestaurants } from './map-model';
import './restaurant-map-page.css';

const MAP_FAILED_TITLE = 'Карта не загрузилась';
const MAP_FAILED_HINT = 'Проверьте подключение и попробуйте ещё раз.';
const NOTHING_FOUND_MESSAGE = 'Ничего не нашлось. Уточните название ресторана или адрес.';

// The screen's opening answers are asked as its code arrives, not after its first paint (issue 18):
// the page has preloaded both, so they are usually in by the first render, which then draws the
// map's frame and the first view's tiles (tile-preview.ts) in the same commit. Asked once a visit.
mapConfigQuery.ensure();
restaurantListQuery.ensure();

/**
 * SPEC 2 Карта ресторанов (/rest_map), SPEC 4 Map screen: a busy overlay until the map is drawn
 * and the restaurant list is in, then the points labelled with the short names; a point opens
 * the restaurant's card (name, address, description, «Позвонить», «Написать»). The map is drawn
 * through the web's map adapter, whose provider code is its own lazy chunk.
 */
export default function RestaurantMapPage() {
  const config = useQuery(mapConfigQuery);
  const list = useQuery(restaurantListQuery);
  const listReady = list.status === 'ready';
  // «Повторить» under a map that failed to draw mounts the map view afresh (a new element, a new try).
  const [mapAttempt, setMapAttempt] = useState(0);

  return (
    <Screen title="Карта ресторанов" back busy={config.status === 'loading' || list.status === 'loading'}>
      {config.status === 'error' ? (
        <LoadError
          title={LOAD_FAILED_MESSAGE}
          message={config.error.message}
          onRetry={() => mapConfigQuery.refetch()}
        />
      ) : list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить рестораны"
          message={list.error.message}
          onRetry={() => restaurantListQuery.refetch()}
        />
      ) : (
        <RestaurantMap
          key={mapAttempt}
          config={config.status === 'ready' ? config.data : null}
          restaurants={listReady ? list.data : null}
          onRetryMap={() => setMapAttempt((attempt) => attempt + 1)}
        />
      )}
    </Screen>
  );
}

function RestaurantMap({
  config,
  restaurants,
  onRetryMap,
}: {
  config: MapConfig | null;
  restaurants: readonly RestaurantWire[] | null;
  onRetryMap: () => void;
}) {
  const [mapElement, map] = useMapView(config, { centre: MAP_CENTRE, zoom: MAP_ZOOM, label: 'Карта ресторанов' });
  const [chosen, setChosen] = useState<RestaurantWire | null>(null);
  const [locating, setLocating] = useState(false);
  const points = useMemo(() => (restaurants ? mapRestaurants(restaurants) : null), [restaurants]);
  const choose = useEffectEvent((restaurant: RestaurantWire) => setChosen(restaurant));

  // SPEC 4 Map screen: once the map is drawn and the list is in, the points are added.
  const view = map.view;
  useEffect(() => {
    if (view === null || points === null) return;
    const markers = points.map(({ restaurant, point }) => {
      const marker = view.addMarker(point, {
        draggable: false,
        label: `${restaurant.name}, ${restaurant.address}`,
        caption: restaurant.nameShort || restaurant.name,
      });
      marker.onSelect(() => choose(restaurant));
      return marker;
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [view, points]);

  // The guest's own point, shown once found.
  const here = useRef<MapMarker | null>(null);
  useEffect(
    () => () => {
      here.current = null;
    },
    [view],
  );
  // The search control: a restaurant of the chain by its name or address, else an address (SPEC 7 geocoding).
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '' || view === null || points === null) return;
    const [found] = findRestaurants(points, text);
    if (found) {
      showPoint(view, found.point);
      setChosen(found.restaurant);
      return;
    }
    setSearching(true);
    try {
      const [address] = await suggestAddresses(text, view.getCentre());
      if (address) showPoint(view, { lat: address.lat, lon: address.lon });
      else void showDialog({ message: NOTHING_FOUND_MESSAGE });
    } catch (error) {
      void showDialog({ message: error instanceof ApiError ? error.message : NOTHING_FOUND_MESSAGE });
    } finally {
      setSearching(false);
    }
  };

  const locate = () => {
    setLocating(true);
    locateGuest().then(
      (point) => {
        setLocating(false);
        if (view === null) return;
        if (here.current === null)
          here.current = view.addMarker(point, { draggable: false, label: 'Вы здесь', caption: 'Вы здесь' });
        else here.current.setPosition(point);
        showPoint(view, point);
      },
      (error: unknown) => {
        setLocating(false);
        void showDialog({ message: error instanceof Error ? error.message : LOCATE_FAILED_MESSAGE });
      },
    );
  };

  const loading = map.status === 'loading' || points === null;

  return (
    <div className="rest-map" data-map-state={map.status} data-points={loading ? undefined : points.length}>
      <form className="rest-map__search" role="search" onSubmit={(event) => void search(event)}>
        <label className="visually-hidden" htmlFor="rest-map-query">
          Ресторан или адрес
        </label>
        <input
          id="rest-map-query"
          className="rest-map__query"
          type="search"
          enterKeyHint="search"
          maxLength={200}
          placeholder="Ресторан или адрес"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          icon={<Search />}
          disabled={loading || searching}
          aria-busy={searching || undefined}
        >
          Найти
        </Button>
      </form>
      <div className="rest-map__frame">
        {/* Until the map and its points are in, its controls (zoom) are out of reach: the busy overlay covers them. */}
        <div ref={mapElement} className="rest-map__map" inert={loading} />
        {map.status === 'error' ? (
          <div className="rest-map__failed">
            <LoadError title={MAP_FAILED_TITLE} message={MAP_FAILED_HINT} onRetry={onRetryMap} />
          </div>
        ) : null}
        {map.status === 'ready' ? (
          <IconButton
            className="rest-map__locate"
            label={locating ? 'Определяем местоположение…' : 'Моё местоположение'}
            icon={<LocateFixed aria-hidden="true" />}
            aria-busy={locating || undefined}
            onClick={locate}
          />
        ) : null}
        {loading && map.status !== 'error' ? (
          <div className="rest-map__busy" role="status">
            <LoaderCircle className="rest-map__spinner" aria-hidden="true" />
            <span>Загружаем карту…</span>
          </div>
        ) : null}
      </div>
      {chosen ? <RestaurantSheet restaurant={chosen} onClose={() => setChosen(null)} /> : null}
    </div>
  );
}

/** The popup of a point (SPEC 2): name, address, optional description, «Позвонить» and «Написать». */
function RestaurantSheet({ restaurant, onClose }: { restaurant: RestaurantWire; onClose: () => void }) {
  const phone = restaurant.phone.trim();
  const email = restaurant.email.trim();
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={restaurant.name}
      footer={
        phone !== '' || email !== '' ? (
          <div className="rest-map__actions">
            {phone !== '' ? (
              <a className={buttonClassName({ variant: 'primary', block: true })} href={telHref(phone)}>
                <span className="button__icon">
                  <Phone aria-hidden="true" />
                </span>
                <span className="button__label">Позвонить</span>
              </a>
            ) : null}
            {email !== '' ? (
              <a className={buttonClassName({ variant: 'secondary', block: true })} href={`mailto:${email}`}>
                <span className="button__icon">
                  <Mail aria-hidden="true" />
                </span>
                <span className="button__label">Написать</span>
              </a>
            ) : null}
          </div>
        ) : undefined
      }
    >
      <div className="rest-map__card">
        <p className="rest-map__address">{restaurant.address}</p>
        {restaurant.about.trim() !== '' ? <p className="rest-map__about">{restaurant.about}</p> : null}
      </div>
    </BottomSheet>
  );
}
