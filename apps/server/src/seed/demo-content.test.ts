import { describe, expect, it } from 'vitest';
import { AS_READY_PAYMENT_MINUTES, formatClock, KIOSK_PAYMENT_MINUTES, parsePageText } from '@chain/domain';
import { CHAIN_PAGE_SLUGS, MAX_PAGE_BODY_LENGTH } from '@chain/contract';
import { DEMO_HOTLINE_HOURS, DEMO_RESTAURANTS, DEMO_SETTINGS, DEMO_ZONES } from './demo-chain';
import {
  DEMO_FEEDBACK_TOPICS,
  demoPages,
  hotlineText,
  notServedText,
  periodsText,
  scheduleText,
  servedZones,
  sumText,
  unpaidOrderText,
  weekdaysText,
} from './demo-content';
import { checkPageInput } from '../modules/pages/text';

// Decision 024: the demo chain's texts. The delivery terms must say what the demo data does.
const pages = new Map(demoPages().map((page) => [page.slug, page]));
const delivery = pages.get(CHAIN_PAGE_SLUGS.delivery)?.body ?? '';
const offer = pages.get(CHAIN_PAGE_SLUGS.offer)?.body ?? '';

describe('the demo pages', () => {
  it('are «О сети», «Условия доставки» and «Оферта», each one the chain-page command would accept as it is', () => {
    expect(demoPages().map((page) => [page.slug, page.title])).toEqual([
      ['about', 'О сети'],
      ['delivery', 'Условия доставки'],
      ['offer', 'Оферта'],
    ]);
    for (const page of demoPages()) {
      expect(checkPageInput(page.slug, page.title, page.body), page.slug).toEqual({
        ok: true,
        slug: page.slug,
        title: page.title,
        body: page.body,
      });
      expect(page.body.length).toBeLessThan(MAX_PAGE_BODY_LENGTH);
    }
  });

  it('use the page format: headings and lists in the delivery terms and the offer, no empty blocks', () => {
    for (const body of [delivery, offer]) {
      const blocks = parsePageText(body);
      expect(blocks.filter((block) => block.kind === 'heading').length).toBeGreaterThan(4);
      expect(blocks.some((block) => block.kind === 'list' && block.items.length > 1)).toBe(true);
    }
    // One list of zones: one item per served zone.
    const zoneList = parsePageText(delivery).find((block) => block.kind === 'list');
    expect(zoneList?.kind).toBe('list');
    expect(zoneList?.kind === 'list' ? zoneList.items.length : 0).toBe(servedZones().length);
  });

  it('name every served zone with its minimum sums, price, free-delivery sum and windows, and no zone that is not served', () => {
    // Served: active zones of active restaurants that deliver (SPEC 4).
    expect(servedZones().map((zone) => zone.id)).toEqual([1, 2, 3, 5, 6, 7, 8]);
    for (const zone of servedZones()) {
      const line = delivery.split('\n').find((text) => text.startsWith(`- «${zone.name}»`)) ?? '';
      expect(line, zone.name).not.toBe('');
      expect(line).toContain(`Минимальная сумма заказа ${zone.minOrderSumRest / 100} ₽`);
      if (zone.minOrderSumShop !== zone.minOrderSumRest)
        expect(line).toContain(`с товарами магазина — ${zone.minOrderSumShop / 100} ₽`);
      expect(line).toContain(`Доставка ${zone.deliveryPrice / 100} ₽`);
      if (zone.freeDeliveryFrom === null) expect(line).toContain('при любой сумме заказа');
      else expect(line).toContain(`от ${zone.freeDeliveryFrom / 100} ₽ — бесплатно`);
      for (const period of zone.periods) expect(line).toContain(`${period.from}–${period.to}`);
      if (zone.periods.length > 0) expect(line).toContain(`за ${zone.timeLimit} минут`);
    }
    const notServed = DEMO_ZONES.filter((zone) => !servedZones().includes(zone));
    expect(notServed.map((zone) => zone.id)).toEqual([4, 9]);
    for (const zone of notServed) expect(delivery).not.toContain(`- «${zone.name}»`);
  });

  it('spell the examples of the demo data exactly', () => {
    expect(delivery).toContain(
      '- «Патриаршие и Тверская» — из ресторана «Жар-печь на Патриарших» (ул. Малая Бронная, 24). Минимальная сумма заказа 1000 ₽, с товарами магазина — 1500 ₽. Доставка 199 ₽, от 2000 ₽ — бесплатно. Привезём как можно скорее, пока ресторан открыт: пн–чт, вс 10:00–23:00; пт, сб 10:00–01:00.',
    );
    expect(delivery).toContain(
      'Интервалы доставки: ежедневно 11:00–13:00, 13:00–15:00, 15:00–17:00, 17:00–19:00, 19:00–21:00; пт, сб 21:00–23:00.',
    );
    expect(delivery).toContain(
      '- «Лефортово и Сокольники» — из ресторана «Жар-печь · Кухня на Бауманской» (ул. Бауманская, 33/2, стр. 8). Минимальная сумма заказа 1800 ₽. Доставка 399 ₽ при любой сумме заказа.',
    );
    expect(delivery).toContain(
      'Жар-печь у Курского вокзала, ул. Земляной Вал, 33: круглосуточно; заказ на сегодня и на 3 дня вперёд',
    );
  });

  it('give the hours of every restaurant that delivers to a served zone', () => {
    const ids = new Set(servedZones().map((zone) => zone.restaurantId));
    for (const restaurant of DEMO_RESTAURANTS) {
      const named = delivery.includes(`- ${restaurant.name}, `);
      expect(named, restaurant.name).toBe(ids.has(restaurant.id));
      if (named) expect(delivery).toContain(scheduleText(restaurant.schedule));
    }
  });

  it('say which zones are not served and why from the data alone: every such zone, each reason true of its restaurant or zone', () => {
    const said = notServedText();
    expect(said).toBe(
      'Зона «Якиманка и Донской» временно не обслуживается. Ресторан «Жар-печь на Ленинском» сейчас не работает, поэтому в зону «Гагаринский» мы не доставляем.',
    );
    expect(delivery).toContain(said);
    for (const zone of DEMO_ZONES.filter((candidate) => !servedZones().includes(candidate)))
      expect(said, zone.name).toContain(`«${zone.name}»`);
    for (const zone of servedZones()) expect(said, zone.name).not.toContain(`«${zone.name}»`);
    // A restaurant said not to work is inactive; a zone said switched off is.
    for (const [, name] of said.matchAll(/Ресторан «([^»]+)» сейчас не работает/g)) {
      expect(DEMO_RESTAURANTS.find((restaurant) => restaurant.name === name)?.active, name).toBe(false);
    }
    for (const [, name] of said.matchAll(/Зона «([^»]+)» временно/g))
      expect(DEMO_ZONES.find((zone) => zone.name === name)?.active, name).toBe(false);
  });

  it('follow the data when it changes: a restaurant working again, a zone switched off, couriers gone', () => {
    const reopened = DEMO_RESTAURANTS.map((restaurant) =>
      restaurant.id === 9 ? { ...restaurant, active: true } : restaurant,
    );
    expect(notServedText(reopened, DEMO_ZONES)).toBe('Зона «Якиманка и Донской» временно не обслуживается.');
    const noCouriers = DEMO_RESTAURANTS.map((restaurant) =>
      restaurant.id === 7 ? { ...restaurant, deliveryCourier: false } : restaurant,
    );
    expect(notServedText(noCouriers, DEMO_ZONES)).toContain(
      'Ресторан «Жар-печь · Кухня на Бауманской» сейчас не доставляет заказы курьером, поэтому в зоны «Бауманская и Разгуляй» и «Лефортово и Сокольники» мы не доставляем.',
    );
    const allOn = DEMO_ZONES.map((zone) => ({ ...zone, active: true }));
    expect(notServedText(reopened, allOn)).toBe('');
  });

  it('give the hotline its number and hours from one place, wherever they name it', () => {
    expect(hotlineText()).toBe(
      `${DEMO_SETTINGS.hotline}, ежедневно с ${formatClock(DEMO_HOTLINE_HOURS.fromMinute)} до ${formatClock(DEMO_HOTLINE_HOURS.toMinute)}`,
    );
    for (const body of [delivery, offer]) {
      expect(body).toContain(`- Горячая линия: ${hotlineText()}`);
      // No hours typed by hand: every clock reading of the hotline is the constant's.
      expect(body.match(/Горячая линия:[^\n]*/g)).toEqual([`Горячая линия: ${hotlineText()}`]);
    }
  });

  it('say only what the product does: no estimated time on the order page, the receipt e-mailed, unpaid orders cancelled by their deadline', () => {
    for (const body of [delivery, offer]) {
      expect(body).not.toContain('примерное время');
      expect(body).not.toContain('кассовый чек');
      expect(body).not.toContain('удалён Покупателем');
      expect(body).toContain(unpaidOrderText());
      expect(body).toMatch(/приходит[^.]*на почту|на неё приходит чек заказа/);
    }
    expect(unpaidOrderText()).toContain(
      `в течение ${AS_READY_PAYMENT_MINUTES} минут после оформления, а в киоске — ${KIOSK_PAYMENT_MINUTES} минут`,
    );
    expect(offer).not.toContain('оператору фискальных данных');
  });

  it('make the offer a complete public offer of a legal entity', () => {
    for (const part of [
      'публичная оферта',
      'ИНН 7703458125',
      'ОГРН 1217700458216',
      'КПП 770301001',
      '## 4. Цены и оплата',
      'СБП',
      '## 6. Отмена заказа и возврат денег',
      '## 8. Персональные данные',
      '152-ФЗ',
      'Самовывоз',
      'Заказ к столу',
      '## 7. Ответственность',
      '## 10. Реквизиты и контакты',
      '+7 495 212-37-37',
    ]) {
      expect(offer, part).toContain(part);
    }
  });
});

describe('the texts of hours and sums', () => {
  it('name weekdays by their runs', () => {
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('ежедневно');
    expect(weekdaysText([1, 2, 3, 4, 7])).toBe('пн–чт, вс');
    expect(weekdaysText([5, 6])).toBe('пт, сб');
    expect(weekdaysText([1, 3, 5])).toBe('пн, ср, пт');
  });

  it('write hours past midnight as the next morning, and 24 hours as round the clock', () => {
    expect(scheduleText([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, fromMinute: 360, toMinute: 1800 })))).toBe(
      'круглосуточно',
    );
    expect(scheduleText([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, fromMinute: 600, toMinute: 1350 })))).toBe(
      'ежедневно 10:00–22:30',
    );
    expect(scheduleText([{ weekday: 5, fromMinute: 720, toMinute: 1740 }])).toBe('пт 12:00–05:00');
  });

  it('group delivery windows by their days, and write sums in whole roubles', () => {
    expect(
      periodsText([
        { from: '18:00', to: '22:00', days: [1, 1, 1, 1, 1, 0, 0] },
        { from: '10:00', to: '14:00', days: [0, 0, 0, 0, 0, 1, 1] },
      ]),
    ).toBe('пн–пт 18:00–22:00; сб, вс 10:00–14:00');
    expect(sumText(199_00)).toBe('199 ₽');
    expect(sumText(149_50)).toBe('149,50 ₽');
  });
});

describe('the demo feedback topics', () => {
  it("are the chain's categories, each with items, names within the table's 60 characters", () => {
    expect(DEMO_FEEDBACK_TOPICS.map((topic) => topic.name)).toEqual([
      'Качество блюд',
      'Обслуживание',
      'Доставка',
      'Приложение и оплата',
      'Предложение',
    ]);
    for (const topic of DEMO_FEEDBACK_TOPICS) {
      expect(topic.items.length).toBeGreaterThan(0);
      for (const name of [topic.name, ...topic.items]) expect(name.length).toBeLessThanOrEqual(60);
    }
  });
});
