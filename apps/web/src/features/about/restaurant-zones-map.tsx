import type { MapConfig, RestaurantWire } from '@chain/contract';
import { type GeoPoint, MAP_CENTRE, MAP_POINT_ZOOM, MAP_ZOOM } from '@chain/domain';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { mapConfigQuery } from '../../api/geo';
import { useQuery } from '../../api/query-cache';
import { Button } from '../../ui/button';
import { outlinePoints, zoneStyle } from '../../ui/map/map-view';
import { useMapView } from '../../ui/map/use-map-view';
import { Skeleton } from '../../ui/skeleton';
import { restaurantPoint, type ZoneRow } from './about-model';

const MAP_FAILED_MESSAGE = 'Карта не загрузилась. Зоны доставки перечислены ниже.';

/**
 * The restaurant's point and its active delivery zones in their colours (SPEC 2 Other pages,
 * SPEC 9 colour rule), through the web's map adapter: the provider's code (Leaflet or Yandex)
 * is its own chunk, loaded only when this map is drawn.
 */
export function RestaurantZonesMap({ restaurant, zones }: { restaurant: RestaurantWire; zones: readonly ZoneRow[] }) {
  const config = useQuery(mapConfigQuery);
  if (config.status === 'error') {
    return (
      <div className="restaurant-map restaurant-map--failed" role="alert">
        <p>{MAP_FAILED_MESSAGE}</p>
        <Button variant="secondary" icon={<RefreshCw />} onClick={() => mapConfigQuery.refetch()}>
          Повторить
        </Button>
      </div>
    );
  }
  if (config.status !== 'ready') return <Skeleton className="restaurant-map" />;
  return <ZonesMap config={config.data} restaurant={restaurant} zones={zones} />;
}

function ZonesMap({
  config,
  restaurant,
  zones,
}: {
  config: MapConfig;
  restaurant: RestaurantWire;
  zones: readonly ZoneRow[];
}) {
  const point = restaurantPoint(restaurant);
  const [element, map] = useMapView(config, {
    centre: point ?? MAP_CENTRE,
    zoom: point ? MAP_POINT_ZOOM - 4 : MAP_ZOOM,
    label: `Карта: ${restaurant.name} и зоны доставки`,
  });

  const view = map.view;
  useEffect(() => {
    if (view === null) return;
    const layers = zones.map((zone) => view.addPolygon(zone.polygon, zoneStyle(zone.color)));
    const marker = point ? view.addMarker(point, { draggable: false, label: restaurant.name }) : null;
    const shown: GeoPoint[] = [...zones.flatMap((zone) => outlinePoints(zone.polygon)), ...(point ? [point] : [])];
    view.fitBounds(shown);
    return () => {
      marker?.remove();
      for (const layer of layers) layer.remove();
    };
  }, [view, zones, point?.lat, point?.lon, restaurant.name]); // eslint-disable-line react-hooks/exhaustive-deps -- the point's numbers, not a new object each render

  return (
    <div
      className="restaurant-map"
      data-map-state={map.status}
      data-zones-drawn={map.status === 'ready' ? zones.length : undefined}
    >
      <div ref={element} className="restaurant-map__canvas" />
      {map.status === 'error' ? (
        <p className="restaurant-map__error" role="alert">
          {MAP_FAILED_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
