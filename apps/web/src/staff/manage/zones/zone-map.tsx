import { useEffect, useRef } from 'react';
import type { MapConfig } from '@chain/contract';
import { type GeoPoint, type LonLat, MAP_POINT_ZOOM, ZONE_MIN_POINTS, zoneShapeProblem } from '@chain/domain';
import type { MapLayer, MapMarker, MapShape, MapShapeStyle, MapView } from '../../../ui/map/map-view';
import { outlinePoints as shapePoints, zoneStyle } from '../../../ui/map/map-view';
import { useMapView } from '../../../ui/map/use-map-view';
import { editOutline, type OutlineAction, roundedPoint, sideMidpoints } from './zone-editor';
import type { NeighbourZone, StaffZone } from './zone-types';

/** The outline being edited: its corners, the picked one, and where an action goes. */
export interface EditedOutline {
  points: readonly LonLat[];
  selected: number | null;
  colour: string;
  dispatch: (action: OutlineAction) => void;
  /**
   * Told the corners as they would be while a handle is dragged, at every move (the form checks
   * them and names the zones they overlap as the pointer goes), and null when the drag ends.
   */
  preview: (points: readonly LonLat[] | null) => void;
}

/** Where another zone overlapping the edited one is outlined, and the edited outline while it crosses itself. */
const OVERLAP_STROKE = '#c62828';

/** The zones drawn under the edited one: their overlap outlines change in place (mark), without redrawing. */
export interface DrawnZones {
  mark(overlapIds: ReadonlySet<string>): void;
  remove(): void;
}

/**
 * Draws the restaurant's zones and the chain's others (but `hiddenId`, the zone being edited,
 * which its outline shows); `mark` outlines in red those the edited outline overlaps.
 */
export function drawZones(
  view: MapView,
  input: { zones: readonly StaffZone[]; others: readonly NeighbourZone[]; hiddenId: number | null },
): DrawnZones {
  const drawn: { id: string; shape: MapShape; style: (overlaps: boolean) => MapShapeStyle }[] = [];
  for (const zone of input.others) {
    const base = zoneStyle(zone.color);
    const style = (overlaps: boolean) => ({
      ...base,
      fillOpacity: Math.min(base.fillOpacity, 0.15),
      stroke: overlaps ? OVERLAP_STROKE : base.stroke,
      strokeOpacity: overlaps ? 1 : 0.4,
    });
    drawn.push({ id: `other-${zone.id}`, shape: view.addPolygon(zone.polygon, style(false)), style });
  }
  for (const zone of input.zones) {
    if (zone.id === input.hiddenId) continue;
    const base = zoneStyle(zone.color);
    const style = (overlaps: boolean) => ({
      ...base,
      fillOpacity: zone.active ? base.fillOpacity : 0.05,
      stroke: overlaps ? OVERLAP_STROKE : base.stroke,
      strokeOpacity: zone.active ? 1 : 0.5,
    });
    drawn.push({ id: `own-${zone.id}`, shape: view.addPolygon(zone.polygon, style(false)), style });
  }
  return {
    mark: (overlapIds) => {
      for (const { id, shape, style } of drawn) shape.setStyle(style(overlapIds.has(id)));
    },
    remove: () => {
      for (const { shape } of drawn) shape.remove();
    },
  };
}

/** A closed ring of the corners, as the map draws it. */
const ring = (points: readonly LonLat[]): LonLat[][] => [[...points, points[0] as LonLat]];

/**
 * Draws the edited outline with a handle on each corner (drag it; tap it to pick it for removal)
 * and on each side's middle (tap or drag it: a new corner there); a tap on the map adds a corner
 * after the picked one. While a handle is dragged the outline follows the pointer in place — the
 * shape redrawn, the sides' middles moved, red while it crosses itself — and the form is told
 * (preview); the change itself goes through `dispatch` (zone-editor.ts) when the handle is let go,
 * so a mouse, a pen and a finger do the same.
 */
export function drawOutline(view: MapView, outline: EditedOutline): () => void {
  const { points, selected, dispatch, preview } = outline;
  const layers: MapLayer[] = [];
  const unsubscribe: (() => void)[] = [];
  const base = { ...zoneStyle(outline.colour), strokeOpacity: 1 };
  const styled = (corners: readonly LonLat[]): MapShapeStyle =>
    corners.length >= ZONE_MIN_POINTS && zoneShapeProblem(corners) !== null
      ? { ...base, stroke: OVERLAP_STROKE }
      : base;
  const shape = points.length >= 2 ? view.addPolygon(ring(points), styled(points)) : null;
  if (shape) layers.push(shape);
  const middles: MapMarker[] = [];
  /** The outline as it would be after `action`: drawn and told, not yet dispatched. */
  const follow = (action: OutlineAction, moveMiddles: boolean) => {
    const next = editOutline({ points, selected }, action).points;
    shape?.setPolygon(ring(next));
    shape?.setStyle(styled(next));
    if (moveMiddles)
      sideMidpoints(next).forEach(({ point }, side) => middles[side]?.setPosition({ lon: point[0], lat: point[1] }));
    preview(next);
  };
  const settle = (action: OutlineAction) => {
    preview(null);
    dispatch(action);
  };
  for (const { after, point } of points.length >= 3 ? sideMidpoints(points) : []) {
    const marker = view.addMarker(
      { lon: point[0], lat: point[1] },
      { draggable: true, label: `Добавить точку на стороне ${after + 1}`, handle: 'middle' },
    );
    layers.push(marker);
    middles.push(marker);
    unsubscribe.push(marker.onSelect(() => dispatch({ type: 'insert', after, point })));
    unsubscribe.push(marker.onDrag((moved) => follow({ type: 'insert', after, point: roundedPoint(moved) }, false)));
    unsubscribe.push(marker.onDragEnd((moved) => settle({ type: 'insert', after, point: roundedPoint(moved) })));
  }
  points.forEach((point, index) => {
    const marker = view.addMarker(
      { lon: point[0], lat: point[1] },
      { draggable: true, label: `Точка ${index + 1}`, handle: index === selected ? 'picked' : 'corner' },
    );
    layers.push(marker);
    unsubscribe.push(marker.onSelect(() => dispatch({ type: 'select', index })));
    unsubscribe.push(marker.onDrag((moved) => follow({ type: 'move', index, point: roundedPoint(moved) }, true)));
    unsubscribe.push(marker.onDragEnd((moved) => settle({ type: 'move', index, point: roundedPoint(moved) })));
  });
  unsubscribe.push(view.onTap((tapped) => dispatch({ type: 'tap', point: roundedPoint(tapped) })));
  // Corners tapped in quick succession must not zoom the map in.
  view.setDoubleTapZoom?.(false);
  unsubscribe.push(() => view.setDoubleTapZoom?.(true));
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
  const [element, map] = useMapView(config, {
    centre: place,
    zoom: MAP_POINT_ZOOM - 4,
    label: `Карта зон доставки: ${place.name}`,
  });
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

  // The zones are drawn again when they change; their overlap outlines follow the edited one in
  // place (they change at every move of a dragged corner); the edited outline is drawn over them.
  const hiddenId = outline ? editingId : null;
  const background = useRef<DrawnZones | null>(null);
  const overlapsNow = useRef(overlapIds);
  useEffect(() => {
    overlapsNow.current = overlapIds;
    background.current?.mark(overlapIds);
  }, [overlapIds]);
  useEffect(() => {
    if (view === null) return;
    const drawn = drawZones(view, { zones, others, hiddenId });
    drawn.mark(overlapsNow.current);
    background.current = drawn;
    return () => {
      drawn.remove();
      background.current = null;
    };
  }, [view, zones, others, hiddenId]);
  // Drawn again after the zones are (their deps too), so it stays on top of them.
  useEffect(() => {
    if (view === null || outline === null) return;
    return drawOutline(view, outline);
  }, [view, outline, zones, others, hiddenId]);

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
