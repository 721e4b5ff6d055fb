import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FoundAddress, MapConfig } from '@chain/contract';
import { type GeoPoint, MAP_POINT_ZOOM } from '@chain/domain';
import { addressAt, mapConfigQuery, suggestAddresses } from '../../../api/geo';
import { useQuery } from '../../../api/query-cache';
import type { MapMarker } from '../../../ui/map/map-view';
import { useMapView } from '../../../ui/map/use-map-view';

const MAP_FAILED = 'Карта не загрузилась. Найдите адрес поиском — точка встанет по нему.';

/** A found address as the restaurant's line: 'Москва, Малая Бронная улица, 24' (the country left out). */
function addressLine(found: FoundAddress): string {
  return [found.subtitle.replace(/,?\s*Россия$/, '').trim(), found.title].filter(Boolean).join(', ');
}

interface PointValue {
  address: string;
  lat: number;
  lon: number;
}

/**
 * The restaurant's address and its point (issue 31): search through the geocoder (geo/suggest),
 * or tap the map / drag the pin and the address is read back (geo/reverse). The web's one map
 * adapter (ui/map), as the guest's delivery map.
 */
export function RestaurantPointField({
  value,
  onChange,
}: {
  value: PointValue;
  onChange: (value: PointValue) => void;
}) {
  const config = useQuery(mapConfigQuery);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<FoundAddress[]>([]);
  const [searchError, setSearchError] = useState('');

  const search = async () => {
    setSearchError('');
    if (query.trim().length < 2) return;
    try {
      const items = await suggestAddresses(query.trim(), { lat: value.lat, lon: value.lon });
      setFound(items);
      if (items.length === 0) setSearchError('Ничего не нашлось. Уточните адрес или поставьте точку на карте.');
    } catch {
      setSearchError('Поиск адреса сейчас недоступен. Укажите точку на карте.');
    }
  };

  return (
    <div className="restaurant-point">
      <div className="restaurant-point__search">
        <div className="staff-field">
          <label htmlFor="restaurant-address-search">Найти адрес</label>
          <input
            id="restaurant-address-search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
          />
        </div>
        <button type="button" className="staff-button staff-button--secondary" onClick={() => void search()}>
          Найти
        </button>
      </div>
      {searchError ? <p className="staff-field__error">{searchError}</p> : null}
      {found.length > 0 ? (
        <ul className="restaurant-point__found" aria-label="Найденные адреса">
          {found.map((item) => (
            <li key={`${item.lat},${item.lon},${item.title}`}>
              <button
                type="button"
                className="staff-button staff-button--ghost"
                onClick={() => {
                  onChange({ address: addressLine(item), lat: item.lat, lon: item.lon });
                  setFound([]);
                }}
              >
                {item.title}
                {item.subtitle ? <span className="staff-field__hint"> {item.subtitle}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {config.status === 'ready' ? (
        <PointMap config={config.data} value={value} onChange={onChange} />
      ) : config.status === 'error' ? (
        <p className="staff-error" role="alert">
          {MAP_FAILED}
        </p>
      ) : (
        <div className="restaurant-point__map" aria-busy="true" />
      )}
      <p className="staff-field__hint" data-testid="restaurant-point">
        Точка: {value.lat.toFixed(5)}, {value.lon.toFixed(5)}. Нажмите на карту или перетащите метку, чтобы поправить.
      </p>
    </div>
  );
}

function PointMap({
  config,
  value,
  onChange,
}: {
  config: MapConfig;
  value: PointValue;
  onChange: (value: PointValue) => void;
}) {
  const [element, map] = useMapView(config, {
    centre: { lat: value.lat, lon: value.lon },
    zoom: MAP_POINT_ZOOM - 2,
    label: 'Карта: точка ресторана',
  });
  const marker = useRef<MapMarker | null>(null);
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  const view = map.view;

  useEffect(() => {
    if (view === null) return;
    const moveTo = (point: GeoPoint) => {
      marker.current?.setPosition(point);
      latest.current.onChange({ ...latest.current.value, lat: point.lat, lon: point.lon });
      addressAt(point).then(
        (found) => {
          if (found) latest.current.onChange({ address: addressLine(found), lat: point.lat, lon: point.lon });
        },
        () => undefined,
      );
    };
    marker.current = view.addMarker(
      { lat: latest.current.value.lat, lon: latest.current.value.lon },
      { draggable: true, label: 'Точка ресторана' },
    );
    const offDrag = marker.current.onDragEnd(moveTo);
    const offTap = view.onTap(moveTo);
    return () => {
      offDrag();
      offTap();
      marker.current?.remove();
      marker.current = null;
    };
  }, [view]);

  // A point chosen by search moves the pin and the map.
  useEffect(() => {
    if (view === null || marker.current === null) return;
    const shown = marker.current.getPosition();
    if (Math.abs(shown.lat - value.lat) > 1e-7 || Math.abs(shown.lon - value.lon) > 1e-7) {
      marker.current.setPosition({ lat: value.lat, lon: value.lon });
      view.setView({ lat: value.lat, lon: value.lon }, Math.max(view.getZoom(), MAP_POINT_ZOOM - 2));
    }
  }, [view, value.lat, value.lon]);

  return (
    <div className="restaurant-point__map" data-map-state={map.status}>
      <div ref={element} className="restaurant-point__canvas" />
      {map.status === 'error' ? (
        <p className="staff-error" role="alert">
          {MAP_FAILED}
        </p>
      ) : null}
    </div>
  );
}
