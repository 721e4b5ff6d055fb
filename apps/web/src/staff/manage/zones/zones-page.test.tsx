// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MapConfig,
  staffCreateZoneCall,
  staffZoneActiveCall,
  staffZonesCall,
  type StaffZone,
  type StaffZonesResponse,
  ZONE_TEXTS,
} from '@chain/contract';
import type { GeoPoint, LonLat } from '@chain/domain';
import { staffCall } from '../../api';
import type { StaffSession } from '../../session';
import { editOutline, type OutlineDraft, sideMidpoints } from './zone-editor';
import ZonesPage from './zones-page';

// Issue 31: the zone editor on the screen — corners tapped onto the map, dragged, added at a
// side's middle and removed; a self-crossing outline is named and not sent; the switch is one tap.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
vi.mock(import('../../../api/geo'), async () => {
  const { createQuery } = await import('../../../api/query-cache');
  const config: MapConfig = {
    provider: 'tiles',
    yandexKey: '',
    tiles: { url: '/t/{z}/{x}/{y}.png', attribution: 'т', maxZoom: 19 },
  };
  return { mapConfigQuery: createQuery<void, MapConfig>({ load: () => Promise.resolve(config) }) };
});

/** The map as the screen sees it: what it drew, and the taps and drags a person would make. */
interface FakeMarker {
  point: GeoPoint;
  label: string;
  handle: string | undefined;
  select: () => void;
  /** A press moved to `to` and held: the drag goes on. */
  hold: (to: GeoPoint) => void;
  /** Let go at `to`. */
  release: (to: GeoPoint) => void;
  /** Pressed, moved to `to` and let go. */
  drag: (to: GeoPoint) => void;
}
const map = {
  markers: [] as FakeMarker[],
  polygons: [] as { polygon: readonly (readonly LonLat[])[]; stroke: string }[],
  tap: (_point: GeoPoint) => undefined as void,
};
vi.mock(import('../../../ui/map/open-map'), () => ({
  prepareMapCode: vi.fn(),
  loadMapCode: vi.fn(),
  openMap: vi.fn(() => {
    const live = new Set<FakeMarker>();
    const polygons = new Set<(typeof map.polygons)[number]>();
    const sync = () => {
      map.markers = [...live];
      map.polygons = [...polygons];
    };
    let tapListener: ((point: GeoPoint) => void) | null = null;
    map.tap = (point) => tapListener?.(point);
    return Promise.resolve({
      setView: vi.fn(),
      getCentre: () => ({ lat: 55.75, lon: 37.6 }),
      getZoom: () => 14,
      fitBounds: vi.fn(),
      addPolygon: (polygon: readonly (readonly LonLat[])[], style: { stroke: string }) => {
        const shape = { polygon, stroke: style.stroke };
        polygons.add(shape);
        sync();
        return {
          remove: () => (polygons.delete(shape), sync()),
          setPolygon: (next: readonly (readonly LonLat[])[]) => (shape.polygon = next),
          setStyle: (next: { stroke: string }) => (shape.stroke = next.stroke),
        };
      },
      addMarker: (point: GeoPoint, options: { label: string; handle?: string }) => {
        let onSelect: () => void = () => undefined;
        let onDrag: (to: GeoPoint) => void = () => undefined;
        let onDragEnd: (to: GeoPoint) => void = () => undefined;
        const marker: FakeMarker = {
          point,
          label: options.label,
          handle: options.handle,
          select: () => onSelect(),
          hold: (to) => ((marker.point = to), onDrag(to)),
          release: (to) => ((marker.point = to), onDragEnd(to)),
          drag: (to) => (marker.hold(to), marker.release(to)),
        };
        live.add(marker);
        sync();
        return {
          remove: () => (live.delete(marker), sync()),
          getPosition: () => marker.point,
          setPosition: (next: GeoPoint) => (marker.point = next),
          onSelect: (listener: () => void) => ((onSelect = listener), () => undefined),
          onDrag: (listener: (to: GeoPoint) => void) => ((onDrag = listener), () => undefined),
          onDragEnd: (listener: (to: GeoPoint) => void) => ((onDragEnd = listener), () => undefined),
        };
      },
      onTap: (listener: (point: GeoPoint) => void) => {
        tapListener = listener;
        return () => {
          if (tapListener === listener) tapListener = null;
        };
      },
      drawn: Promise.resolve(),
      destroy: vi.fn(),
    });
  }),
}));

const settle = () => act(async () => {});
const SESSION: StaffSession = {
  token: 't',
  me: { id: 1, login: 'm', name: 'Менеджер', role: 'manager', chain: false, restaurants: [{ id: 5, name: 'Курский' }] },
};
const square: [number, number][] = [
  [37.6, 55.75],
  [37.62, 55.75],
  [37.62, 55.76],
  [37.6, 55.76],
  [37.6, 55.75],
];
const ZONE: StaffZone = {
  id: 7,
  restaurant_id: 5,
  name: 'Басманный',
  color: '#66B4432C',
  active: true,
  polygon: [square],
  periods: [],
  time_limit: 0,
  min_order_sum_rest: 0,
  min_order_sum_shop: 0,
  delivery_price: 19_900,
  free_delivery_from: null,
  sort: 1,
  version: 3,
};
const DATA: StaffZonesResponse = {
  restaurant: { id: 5, name: 'Курский', lat: 55.757, lon: 37.66 },
  zones: [ZONE],
  others: [
    {
      id: 9,
      name: 'Пресня',
      restaurant_name: 'Патриаршие',
      color: '#4DE07A2E',
      active: true,
      polygon: [square.map(([lon, lat]): [number, number] => [lon + 0.03, lat])],
    },
  ],
};
const corners = () => map.markers.filter((marker) => marker.handle !== 'middle');
const middles = () => map.markers.filter((marker) => marker.handle === 'middle');
const at = (lon: number, lat: number): GeoPoint => ({ lon, lat });

beforeEach(() => {
  vi.mocked(staffCall).mockReset();
  vi.mocked(staffCall).mockImplementation((call) => {
    if (call === staffZonesCall) return Promise.resolve(DATA);
    return Promise.reject(new Error(`unexpected ${call.name}`));
  });
});
afterEach(cleanup);

describe('the outline editor’s rules', () => {
  it('adds a tapped corner after the picked one, moves, inserts at a side and removes, keeping the pick sensible', () => {
    let draft: OutlineDraft = { points: [], selected: null };
    for (const point of [
      [0, 0],
      [2, 0],
      [2, 2],
    ] as LonLat[])
      draft = editOutline(draft, { type: 'tap', point });
    expect(draft).toEqual({
      points: [
        [0, 0],
        [2, 0],
        [2, 2],
      ],
      selected: 2,
    });
    draft = editOutline(draft, { type: 'select', index: 0 });
    draft = editOutline(draft, { type: 'tap', point: [1, -1] });
    expect(draft).toEqual({
      points: [
        [0, 0],
        [1, -1],
        [2, 0],
        [2, 2],
      ],
      selected: 1,
    });
    expect(sideMidpoints(draft.points).map((side) => side.point)).toEqual([
      [0.5, -0.5],
      [1.5, -0.5],
      [2, 1],
      [1, 1],
    ]);
    draft = editOutline(draft, { type: 'move', index: 3, point: [0, 2] });
    draft = editOutline(draft, { type: 'remove', index: 3 });
    expect(draft).toEqual({
      points: [
        [0, 0],
        [1, -1],
        [2, 0],
      ],
      selected: 2,
    });
  });
});

describe('the zones screen', () => {
  it('draws a new zone by taps, refuses a crossing outline in words, fixes it by dragging a corner, adds a corner at a side’s middle, and sends the outline', async () => {
    render(<ZonesPage session={SESSION} />);
    await settle();
    await settle();
    expect(screen.getByRole('button', { name: 'Изменить зону «Басманный»' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Новая зона' }));
    await settle();
    // Four taps in the order of a bow tie: the border crosses itself.
    for (const point of [at(37.7, 55.7), at(37.72, 55.71), at(37.72, 55.7), at(37.7, 55.71)]) {
      act(() => map.tap(point));
      await settle();
    }
    expect(corners().map((marker) => marker.label)).toEqual(['Точка 1', 'Точка 2', 'Точка 3', 'Точка 4']);
    expect(screen.getByRole('alert').textContent).toBe(
      'Граница зоны пересекает сама себя (стороны 1 и 3): передвиньте точки так, чтобы линии не перекрещивались.',
    );
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Новая' } });
    expect(screen.getByRole('button', { name: 'Сохранить' }).hasAttribute('disabled')).toBe(true);

    // Dragging corner 2 below the first side undoes the crossing.
    act(() => corners()[1]!.drag(at(37.71, 55.695)));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(middles()).toHaveLength(4);
    // A tap on a side's middle handle adds a corner there; then it is picked and can be removed.
    act(() => middles()[0]!.select());
    await settle();
    expect(corners()).toHaveLength(5);
    expect(corners().find((marker) => marker.handle === 'picked')?.label).toBe('Точка 2');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить точку 2' }));
    await settle();
    expect(corners()).toHaveLength(4);
    act(() => middles()[2]!.drag(at(37.725, 55.712)));
    await settle();
    expect(corners()).toHaveLength(5);

    vi.mocked(staffCall).mockImplementation((call, body) => {
      if (call === staffCreateZoneCall) return Promise.resolve({ ...ZONE, ...(body as object), id: 8, version: 1 });
      return Promise.resolve(DATA);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await settle();
    const sent = vi.mocked(staffCall).mock.calls.find(([call]) => call === staffCreateZoneCall)?.[1] as {
      name: string;
      polygon: number[][][];
    };
    expect(sent.name).toBe('Новая');
    expect(sent.polygon).toEqual([
      [
        [37.7, 55.7],
        [37.71, 55.695],
        [37.72, 55.7],
        [37.725, 55.712],
        [37.7, 55.71],
        [37.7, 55.7],
      ],
    ]);
    expect(screen.getByRole('status').textContent).toContain('Сохранено.');
  });

  it('a dragged corner’s outline follows the pointer before it is let go: redrawn, the crossing named and red, the overlaps named; the release is the change', async () => {
    vi.mocked(staffCall).mockImplementation((call) =>
      call === staffZonesCall ? Promise.resolve(DATA) : Promise.reject(new Error('nothing is sent while dragging')),
    );
    render(<ZonesPage session={SESSION} />);
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить зону «Басманный»' }));
    await settle();
    const outline = () =>
      map.polygons.find(
        (shape) =>
          shape.polygon[0]?.length === 5 && shape.polygon !== ZONE.polygon && shape.polygon !== DATA.others[0]?.polygon,
      );
    const drawnMarkers = map.markers.length;
    // Corner 3 (north-east) held west of corner 4: the sides cross while the pointer is still down.
    act(() => corners()[2]!.hold(at(37.59, 55.76)));
    await settle();
    expect(outline()?.polygon).toEqual([
      [
        [37.6, 55.75],
        [37.62, 55.75],
        [37.59, 55.76],
        [37.6, 55.76],
        [37.6, 55.75],
      ],
    ]);
    expect(outline()?.stroke).toBe('#c62828');
    expect(screen.getByRole('alert').textContent).toMatch(/^Граница зоны пересекает сама себя/);
    // Nothing was drawn again (the held handle stays the one under the pointer); the middles of its two sides moved with it.
    expect(map.markers).toHaveLength(drawnMarkers);
    expect(middles()[1]!.point).toEqual(at(37.605, 55.755));
    expect(middles()[2]!.point).toEqual(at(37.595, 55.76));
    // Further east, over Патриаршие's «Пресня»: no crossing, the overlap named and outlined as the pointer goes.
    act(() => corners()[2]!.hold(at(37.64, 55.76)));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Пересекается с зонами/).textContent).toContain('«Пресня» (Патриаршие)');
    expect(map.polygons.filter((shape) => shape.stroke === '#c62828')).toHaveLength(1);
    // Let go: the move is the form's change, and the outline is drawn from it.
    act(() => corners()[2]!.release(at(37.64, 55.76)));
    await settle();
    expect(screen.getByRole('button', { name: 'Удалить точку 3' })).toBeTruthy();
    expect(outline()?.polygon).toEqual([
      [
        [37.6, 55.75],
        [37.62, 55.75],
        [37.64, 55.76],
        [37.6, 55.76],
        [37.6, 55.75],
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Сохранить' }).hasAttribute('disabled')).toBe(false);
  });

  it('names and outlines in red the zones a drawn outline overlaps', async () => {
    render(<ZonesPage session={SESSION} />);
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Новая зона' }));
    await settle();
    for (const point of [at(37.61, 55.755), at(37.64, 55.755), at(37.64, 55.758)]) {
      act(() => map.tap(point));
      await settle();
    }
    expect(screen.getByText(/Пересекается с зонами/).textContent).toBe(
      'Пересекается с зонами: «Басманный», «Пресня» (Патриаршие) — на карте они обведены красным.',
    );
    expect(map.polygons.filter((shape) => shape.stroke === '#c62828')).toHaveLength(2);
  });

  it('switches a zone off in one tap and says what it means for guests', async () => {
    vi.mocked(staffCall).mockImplementation((call) => {
      if (call === staffZoneActiveCall) return Promise.resolve({ ...ZONE, active: false, version: 4 });
      return Promise.resolve(DATA);
    });
    render(<ZonesPage session={SESSION} />);
    await settle();
    await settle();
    const toggle = screen.getByRole('button', { name: 'Зона «Басманный» включена' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    await settle();
    expect(vi.mocked(staffCall).mock.calls.find(([call]) => call === staffZoneActiveCall)?.[1]).toEqual({
      active: false,
      version: 3,
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe(`«Басманный»: ${ZONE_TEXTS.switchedOff}`);
  });
});
