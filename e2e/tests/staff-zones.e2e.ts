import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import type { StaffZonesResponse, ZoneCollection } from '@chain/contract';
import { auditScreen } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Курский: courier delivery round the clock (the demo chain). */
const KURSKY = 5;
const KURSKY_FS_UID = '489b39b8-4783-4e1b-92a0-44ea552f2e52';

// Issue 31, the back office's delivery zones: a manager on a tablet (1024×768, touch) draws a
// zone by tapping its corners on the map, drags a corner with a finger, saves; a guest's address
// inside it gets delivery (order/delivery); the zone switched off in one tap — the same address
// is refused at once; a mouse on the same touch tablet drags a corner too, the outline following
// the pointer before it is let go.
describe('delivery zones in the back office (/staff/manage/zones) on a tablet', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** A finger on the screen: touch start, moves, end (the Chrome DevTools protocol's touch input). */
  async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let step = 1; step <= 8; step++) {
      const x = from.x + ((to.x - from.x) * step) / 8;
      const y = from.y + ((to.y - from.y) * step) / 8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  const quote = (location: { lat: number; lon: number }) =>
    fetch(`${baseUrl}/api/v2/order/delivery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_type: 'delivery', fs_uid: KURSKY_FS_UID, cart: [{ item: 101, cnt: 2 }], location }),
    });

  /** The demo manager's tablet, signed in through the API, and their view of Курский's zones by the API. */
  async function managerTablet() {
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const zonesOf = async () => {
      const response = await fetch(`${baseUrl}/api/staff/restaurants/${KURSKY}/zones`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as StaffZonesResponse;
    };
    const me = await (await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${token}` } })).json();
    const context = await tabletContext(browser!, baseUrl);
    await context.addInitScript(
      (session) => sessionStorage.setItem('chain-staff-session', session),
      JSON.stringify({ token, me }),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors, zonesOf };
  }

  /** The zone the first journey draws (switched off at its end): the GeoJSON journey renames it. */
  const name = `Е2Е зона ${Date.now() % 100000}`;

  it('draws a zone by tapping, drags a corner by finger and by mouse, saves; a guest’s address in it gets delivery; switched off it is refused', async () => {
    const { context, page, errors, zonesOf } = await managerTablet();

    await page.goto('/staff/manage');
    await page.getByRole('link', { name: /Зоны доставки/ }).tap();
    await page.getByRole('heading', { level: 1, name: 'Зоны доставки' }).waitFor();
    await page.getByLabel('Зоны ресторана').selectOption(String(KURSKY));
    await page.locator('.zones-map[data-map-state="ready"]').waitFor();
    await auditScreen(page, '/staff/manage/zones (list)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-list.png` });

    await page.getByRole('button', { name: 'Новая зона' }).tap();
    await page.getByLabel('Название').fill(name);
    // Zoomed out, the demo zones shrink to the middle: the new zone goes in the map's corner, away from them.
    // The zoom the map shows: that of its newest tiles (/sandbox/tiles/{z}/{x}/{y}.png).
    const zoom = async () => {
      // Read at once: tiles come and go while the map zooms (one by one, a tile gone meanwhile is waited for in vain).
      const sources = await page
        .locator('.zones-map img.leaflet-tile-loaded')
        .evaluateAll((tiles) =>
          tiles.map(
            (tile) => (tile as unknown as { getAttribute(name: string): string | null }).getAttribute('src') ?? '',
          ),
        );
      return Math.min(...sources.map((source) => Number(/\/(\d+)\/\d+\/\d+(?:@2x)?\.png/.exec(source)?.[1] ?? 99)));
    };
    for (let step = 0; step < 3; step++) {
      const before = await zoom();
      await page.getByRole('button', { name: 'Отдалить' }).tap();
      await expect.poll(zoom).toBe(before - 1);
      // Taps during the zoom's animation would land on a map still moving.
      await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
    }
    const canvas = page.locator('.zones-map__canvas');
    const taps = [
      [80, 90],
      [220, 90],
      [220, 220],
      [80, 220],
    ] as const;
    for (const [index, [dx, dy]] of taps.entries()) {
      const box = (await canvas.boundingBox())!;
      await page.touchscreen.tap(box.x + dx, box.y + dy);
      await page.locator(`.zones-map[data-points="${index + 1}"]`).waitFor();
    }
    // Quick taps never zoom the map (no double-tap zoom while drawing): each corner is where it was tapped.
    const canvasBox = (await canvas.boundingBox())!;
    for (const [index, [dx, dy]] of taps.entries()) {
      const corner = (await page.getByRole('button', { name: `Точка ${index + 1}`, exact: true }).boundingBox())!;
      expect(Math.abs(corner.x + corner.width / 2 - (canvasBox.x + dx))).toBeLessThan(3);
      expect(Math.abs(corner.y + corner.height / 2 - (canvasBox.y + dy))).toBeLessThan(3);
    }
    // A finger drags corner 3 outward.
    const handle = (await page.getByRole('button', { name: 'Точка 3', exact: true }).boundingBox())!;
    await touchDrag(
      page,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
      { x: handle.x + handle.width / 2 + 60, y: handle.y + handle.height / 2 + 40 },
    );
    // The drag moved it: the side handles moved with it and point 3 is picked for removal.
    await page.getByRole('button', { name: 'Удалить точку 3' }).waitFor();
    await auditScreen(page, '/staff/manage/zones (drawing)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-drawn.png` });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-form.png`, fullPage: true });
    await page.getByRole('button', { name: 'Сохранить' }).tap();
    await page.getByRole('status').filter({ hasText: 'Сохранено.' }).waitFor();

    const saved = (await zonesOf()).zones.find((zone) => zone.name === name);
    expect(saved).toBeDefined();
    const ring = saved!.polygon[0]!;
    expect(ring).toHaveLength(5);
    // Corner 3 was dragged right and down: east of corner 2 and south of corner 4.
    expect(ring[2]![0]).toBeGreaterThan(ring[1]![0]);
    expect(ring[2]![1]).toBeLessThan(ring[3]![1]);
    const [lons, lats] = [ring.slice(0, 4).map((p) => p[0]), ring.slice(0, 4).map((p) => p[1])];
    const inside = { lon: lons.reduce((a, b) => a + b) / 4, lat: lats.reduce((a, b) => a + b) / 4 };
    const accepted = await quote(inside);
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    // A rush: one tap switches the zone off, and the same address is refused at once.
    await page.getByRole('button', { name: 'К списку зон' }).tap();
    const toggle = page.getByRole('button', { name: `Зона «${name}» включена` });
    await toggle.tap();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('status').filter({ hasText: 'Зона выключена' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-off.png` });
    const refused = await quote(inside);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'outside_zone', message: OUTSIDE_DELIVERY_ZONE_MESSAGE });

    // A mouse on the same touch tablet (pointer events: a mouse, a pen and a finger alike): the zone
    // opened again and corner 2 dragged up; the outline follows the pointer before the button is let go.
    await page.getByRole('button', { name: `Изменить зону «${name}»` }).tap();
    await page.locator('.zones-map[data-points="4"][data-map-state="ready"]').waitFor();
    await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
    const shapes = () =>
      page
        .locator('.zones-map path')
        .evaluateAll((paths) =>
          paths.map((path) => (path as unknown as { getAttribute(name: string): string | null }).getAttribute('d')),
        );
    const drawnBefore = await shapes();
    const second = (await page.getByRole('button', { name: 'Точка 2', exact: true }).boundingBox())!;
    await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2);
    await page.mouse.down();
    await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2 - 30, { steps: 6 });
    await expect.poll(async () => (await shapes()).some((d) => !drawnBefore.includes(d))).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-dragging.png` });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Удалить точку 2' }).waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).tap();
    await page.getByRole('status').filter({ hasText: 'Сохранено.' }).waitFor();
    const moved = (await zonesOf()).zones.find((zone) => zone.name === name)!.polygon[0]!;
    expect(moved[1]![1]).toBeGreaterThan(ring[1]![1]);
    expect(moved[0]).toEqual(ring[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the restaurant’s zones as GeoJSON, uploads the file edited: the dry run names the change, «Применить» applies it; a self-crossing file is refused and changes nothing', async () => {
    const { context, page, errors, zonesOf } = await managerTablet();
    await page.goto('/staff/manage/zones');
    await page.getByLabel('Зоны ресторана').selectOption(String(KURSKY));
    await page.locator('.zones-map[data-map-state="ready"]').waitFor();

    // «Скачать GeoJSON»: the file is the restaurant's zones as the export call gives them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать GeoJSON' }).tap(),
    ]);
    expect(download.suggestedFilename()).toBe(`zones-${KURSKY}.geojson`);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as ZoneCollection;
    const before = await zonesOf();
    expect(file.features.map((feature) => feature.properties.name)).toEqual(before.zones.map((zone) => zone.name));

    // The drawn zone renamed in the file, uploaded: the dry run says what would change, and nothing changed yet.
    const renamed = `${name} (из файла)`;
    const edited = structuredClone(file);
    const feature = edited.features.find((candidate) => candidate.properties.name === name)!;
    feature.properties.name = renamed;
    const upload = page.locator('.zones__file input[type="file"]');
    await upload.setInputFiles({
      name: 'zones.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(edited)),
    });
    const preview = page.getByRole('status').filter({ hasText: 'Если загрузить файл' });
    await preview
      .getByText(`изменится 1, уйдёт 0, без изменений ${file.features.length - 1}`, { exact: false })
      .waitFor();
    await preview.getByText(`~ ${renamed}`).waitFor();
    expect((await zonesOf()).zones.map((zone) => zone.name)).toContain(name);
    await auditScreen(page, '/staff/manage/zones (GeoJSON dry run)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-zones-geojson.png` });

    await preview.getByRole('button', { name: 'Применить' }).tap();
    await page.getByRole('status').filter({ hasText: 'Загружено:' }).waitFor();
    await page.getByRole('button', { name: `Изменить зону «${renamed}»` }).waitFor();
    const after = await zonesOf();
    expect(after.zones.map((zone) => zone.name)).toEqual(
      before.zones.map((zone) => (zone.name === name ? renamed : zone.name)),
    );
    // Only the renamed zone moved a version: the others equal to the file are left alone.
    expect(
      after.zones.filter((zone, index) => zone.version !== before.zones[index]!.version).map((zone) => zone.name),
    ).toEqual([renamed]);

    // A file with a self-crossing border (a bow tie) is refused in words; nothing changes.
    const crossing = structuredClone(edited);
    crossing.features.find((candidate) => candidate.properties.name === renamed)!.geometry.coordinates = [
      [
        [37.6, 55.7],
        [37.7, 55.8],
        [37.7, 55.7],
        [37.6, 55.8],
        [37.6, 55.7],
      ],
    ];
    await upload.setInputFiles({
      name: 'zones.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(crossing)),
    });
    await page.getByRole('alert').filter({ hasText: 'пересекает сама себя' }).waitFor();
    await auditScreen(page, '/staff/manage/zones (GeoJSON refused)');
    expect((await zonesOf()).zones).toEqual(after.zones);
    expect(errors).toEqual([]);
    await context.close();
  });
});
