import { useEffect } from 'react';
import type { MapConfig } from '@chain/contract';
import { type GeoPoint, type LonLat, MAP_POINT_ZOOM } from '@chain/domain';
import type { MapLayer, MapView } from '../../../ui/map/map-view';
import { outlinePoints as shapePoints, zoneStyle } from '../../../ui/map/map-view';
import { useMapView } from '../../../ui/map/use-map-view';
import { type OutlineAction, roundedPoint, sideMidpoints } from './zone-editor';
import type { NeighbourZone, StaffZone } from './zone-types';

/** The outline being edited: its corners, the picked one, and where an action goes. */
export interface EditedOutline {
  points: readonly LonLat[];
  selected: number | null;
  colour: string;
  dispatch: (action: OutlineAction) => void;
}

/** Where another zone overlapping the edited one is outlined. */
const OVERLAP_STROKE = '#c62828';

/**
 * Draws the zones and, while one is edited, its outline with a handle on each corner (drag it;
 * tap it to pick it for removal) and on each side's middle (tap or drag it: a new corner there);
 * a tap on the map adds a corner after the picked one. Pure drawing: every change goes through
 * `dispatch` (zone-editor.ts), so a mouse and a finger do the same.
 */
export function drawZones(
  view: MapView,
  input: { zones: readonly StaffZone[]; others: readonly NeighbourZone[]; editingId: number | null; overlapIds: ReadonlySet<string>; outline: EditedOutline | null },
): () => void {
  const layers: MapLayer[] = [];
  const unsubscribe: (() => void)[] = [];
  for (const zone of input.others) {
    const style = zoneStyle(zone.color);
    const overlaps = input.overlapIds.has(`other-${zone.id}`);
    layers.push(view.addPolygon(zone.polygon, { ...style, fillOpacity: Math.min(style.fillOpacity, 0.15), stroke: overlaps ? OVERLAP_STROKE : style.stroke, strokeOpacity: overlaps ? 1 : 0.4 }));
  }
  for (const zone of input.zones) {
    if (zone.id === input.editingId && input.outline) continue;
    const style = zoneStyle(zone.color);
    const overlaps = input.overlapIds.has(`own-${zone.id}`);
    layers.push(view.addPolygon(zone.polygon, { ...style, fillOpacity: zone.active ? style.fillOpacity : 0.05, stroke: overlaps ? OVERLAP_STROKE : style.stroke, strokeOpacity: zone.active ? 1 : 0.5 }));
  }
  const outline = input.outline;
  if (outline) {
    const { points, dispatch } = outline;
    if (points.length >= 2) layers.push(view.addPolygon([[...points, points[0] as LonLat]], { ...zoneStyle(outline.colour), strokeOpacity: 1 }));
    for (const { after, point } of points.length >= 3 ? sideMidpoints(points) : []) {
      const marker = view.addMarker({ lon: point[0], lat: point[1] }, { draggable: true, label: `Добавить точку на стороне ${after + 1}`, handle: 'middle' });
      layers.push(marker);
      unsubscribe.push(marker.onSelect(() => dispatch({ type: 'insert', after, point })));
      unsubscribe.push(marker.onDragEnd((moved) => dispatch({ type: 'insert', after, point: roundedPoint(moved) })));
    }
    points.forEach((point, index) => {
      const marker = view.addMarker({ lon: point[0], lat: point[1] }, { draggable: true, label: `Точка ${index + 1}`, handle: index === outline.selected ? 'picked' : 'corner' });
      layers.push(marker);
      unsubscribe.push(marker.onSelect(() => dispatch({ type: 'select', index })));
      unsubscribe.push(marker.onDragEnd((moved) => dispatch({ type: 'move', index, point: roundedPoint(moved) })));
    });
    unsubscribe.push(view.onTap((tapped) => dispatch({ type: 'tap', point: roundedPoint(tapped) })));
    // Corners tapped in quick succession must not zoom the map in.
    view.setDoubleTapZoom?.(false);
    unsubscribe.push(() => view.setDoubleTapZoom?.(true));
  }
  return () => {
    for (const stop of unsubscribe) stop();
    for (const layer of layers) layer.remove();
  };
}

/** The points a view should show at first: the edited outline, else the restaurant's zones, else the restaurant. */
function framed(zones: readonly StaffZone[], outline: EditedOutline | null, place: GeoPoint): GeoPoint[] {
  if (outline && outline.points.length > 0) return outline.points.map(([lon, lat]) => ({ lat, lon }));
  const shown = zones.flatMap((zone) => shapePoints(zone.polygon));
  return shown.length > 0 ? shown : [place];
}

export function ZoneMap({
  config,
  place,
  zones,
  others,
  editingId,
  overlapIds,
  outline,
}: {
  config: MapConfig;
  place: GeoPoint & { name: string };
  zones: readonly StaffZone[];
  others: readonly NeighbourZone[];
  editingId: number | null;
  overlapIds: ReadonlySet<string>;
  outline: EditedOutline | null;
}) {
  const [element, map] = useMapView(config, { centre: place, zoom: MAP_POINT_ZOOM - 4, label: `Карта зон доставки: ${place.name}` });
  const view = map.view;

  // The view is framed when a saved zone is opened (or the restaurant changes), not at every
  // corner moved, nor for a new zone: it is drawn where the manager has put the map.
  const frameKey = `${place.lat},${place.lon},${editingId ?? 'list'},${editingId !== null && outline ? 'editing' : 'list'}`;
  useEffect(() => {
    if (view === null) return;
    const points = framed(zones, outline, place);
    if (points.length === 1 && points[0]) view.setView(points[0], MAP_POINT_ZOOM - 4);
    else view.fitBounds(points);
  }, [view, frameKey]); // eslint-disable-line react-hooks/exhaustive-deps -- framed once per opened zone

  useEffect(() => {
    if (view === null) return;
    return drawZones(view, { zones, others, editingId, overlapIds, outline });
  }, [view, zones, others, editingId, overlapIds, outline]);

  return (
    <div className="zones-map" data-map-state={map.status} data-points={outline?.points.length ?? 0}>
      <div ref={element} className="zones-map__canvas" />
      {map.status === 'error' ? (
        <p className="staff-error" role="alert">
          Карта не загрузилась. Обновите страницу.
        </p>
      ) : null}
    </div>
  );
}
