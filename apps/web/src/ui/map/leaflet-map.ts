import type { GeoPoint } from '@chain/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapConfig } from '@chain/contract';
import type { MapLayer, MapMarker, MapOptions, MapView } from './map-view';
import './map.css';

const toLatLng = (point: GeoPoint): L.LatLngTuple => [point.lat, point.lon];
const toPoint = (latLng: L.LatLng): GeoPoint => ({ lat: latLng.lat, lon: latLng.lng });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The marker: a pin drawn in CSS (map.css), so no picture is fetched and it scales crisply. */
const PIN = L.divIcon({
  className: 'map-pin',
  html: '<span class="map-pin__head"></span>',
  iconSize: [44, 44],
  iconAnchor: [22, 44],
});

/** The pin with a visible caption beside it (plain text, escaped). */
function captionedPin(caption: string): L.DivIcon {
  return L.divIcon({
    className: 'map-pin map-pin--captioned',
    html: `<span class="map-pin__head"></span><span class="map-pin__caption">${escapeHtml(caption)}</span>`,
    iconSize: [44, 44],
    iconAnchor: [22, 44],
  });
}

/**
 * The open map (the default): Leaflet over the configured tile server (mapConfig.tiles). The
 * attribution is shown as plain text (it comes from configuration; no markup is trusted), and the
 * zoom buttons speak Russian and are 44 px (map.css).
 */
export function createLeafletMap(tiles: MapConfig['tiles']) {
  return (element: HTMLElement, options: MapOptions): Promise<MapView> => {
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', options.label);
    const map = L.map(element, {
      center: toLatLng(options.centre),
      zoom: options.zoom,
      zoomControl: false,
      attributionControl: false,
    });
    L.control.zoom({ zoomInTitle: 'Приблизить', zoomOutTitle: 'Отдалить', position: 'topright' }).addTo(map);
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(tiles.attribution)).addTo(map);
    L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom }).addTo(map);
    // The screen lays the map out with flexbox: follow the element's size, not only the window's.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(element);

    const view: MapView = {
      setView: (centre, zoom) => map.setView(toLatLng(centre), Math.min(zoom, tiles.maxZoom)),
      getCentre: () => toPoint(map.getCenter()),
      getZoom: () => map.getZoom(),
      fitBounds: (points) => {
        if (points.length === 0) return;
        map.fitBounds(L.latLngBounds(points.map(toLatLng)), { padding: [16, 16] });
      },
      addPolygon: (polygon, style): MapLayer => {
        const rings = polygon.map((ring) => ring.map(([lon, lat]): L.LatLngTuple => [lat, lon]));
        const layer = L.polygon(rings, {
          interactive: false,
          color: style.stroke,
          opacity: style.strokeOpacity,
          weight: 2,
          fillColor: style.fill,
          fillOpacity: style.fillOpacity,
        }).addTo(map);
        return { remove: () => layer.remove() };
      },
      addMarker: (point, markerOptions): MapMarker => {
        const marker = L.marker(toLatLng(point), {
          icon: markerOptions.caption ? captionedPin(markerOptions.caption) : PIN,
          draggable: markerOptions.draggable,
          title: markerOptions.label,
          alt: markerOptions.label,
          keyboard: true,
          autoPan: true,
        }).addTo(map);
        // The marker's name is its label, not the caption it shows (a div icon has no alt).
        marker.getElement()?.setAttribute('aria-label', markerOptions.label);
        return {
          remove: () => marker.remove(),
          getPosition: () => toPoint(marker.getLatLng()),
          setPosition: (next) => marker.setLatLng(toLatLng(next)),
          onDragEnd: (listener) => {
            const handler = () => listener(toPoint(marker.getLatLng()));
            marker.on('dragend', handler);
            return () => marker.off('dragend', handler);
          },
          // Leaflet fires click on a tap and on Enter when the marker has the keyboard focus.
          onSelect: (listener) => {
            const handler = () => listener();
            marker.on('click', handler);
            return () => marker.off('click', handler);
          },
        };
      },
      onTap: (listener) => {
        const handler = (event: L.LeafletMouseEvent) => listener(toPoint(event.latlng));
        map.on('click', handler);
        return () => map.off('click', handler);
      },
      destroy: () => {
        resize?.disconnect();
        map.remove();
      },
    };
    return Promise.resolve(view);
  };
}
