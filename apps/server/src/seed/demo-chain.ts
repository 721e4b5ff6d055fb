/**
 * The demo chain «Жар-печь» that `npm start` loads into an empty database (see load.ts).
 *
 * It is made to exercise the rules of SPEC 4, 5 and 9, not only to look good: the eight
 * combinations of the delivery flags, an inactive restaurant, hours past midnight and a
 * closed weekday (the 06:00 day boundary), zones with and without periods, a stop list,
 * a locked dish, disabled options and coupons that fail for every reason a coupon can fail.
 *
 * Money is integer kopecks (write `rub(590)` for 590 ₽), times are minutes of the day.
 * Identifiers are English; everything a guest reads is Russian.
 */
import type { Settings } from '@chain/contract';
import { type DishLabel, ORDER_TYPES } from '@chain/domain';
import type { MenuKind, OrderType, PolygonCoordinates, ZonePeriod } from '../db/types';
import type { Motif } from './pictures';

/** Roubles to kopecks. */
export const rub = (roubles: number): number => Math.round(roubles * 100);

/** Minutes of the day; an hour past 24 is the night after, which belongs to this day until 06:00 (SPEC 4, 9). */
export const at = (hours: number, minutes = 0): number => hours * 60 + minutes;

// --- brand and settings (SPEC 3 Settings; docs/design.md: the brand comes from settings) -------------

export const BRAND = {
  name: 'Жар-печь',
  /** Terracotta; white text on it has a contrast of 5.6:1 (docs/design.md asks for 4.5:1). */
  color: '#B4432C',
  site: 'https://zharpech.ru',
} as const;

export const DEMO_SETTINGS: Settings = {
  delivery: 1,
  hotline: '+7 495 212-37-37',
  allow_email_auth: 1,
  allow_inbound_auth: 1,
  allow_phone_auth: 1,
  allow_predzakaz: 1,
  allow_delayed: 1,
  show_zagruzka: 1,
  show_restmap: 1,
  text_stoplist: 'Временно нет в наличии — скоро вернём в меню',
  text_info:
    'Пиццу и горячее печём в дровяной печи, поэтому некоторые блюда готовятся чуть дольше. ' +
    'Курьер привезёт заказ в термосумке. Цены указаны в рублях с учётом НДС.',
  textNoTime:
    'Сейчас заказ оформить нельзя: ресторан закрыт или не принимает заказы на это время. ' +
    'Выберите другое время или другой ресторан.',
  tips_volume: [
    { sum: rub(100), text: '100 ₽' },
    { sum: rub(200), text: '200 ₽' },
    { sum: rub(300), text: '300 ₽' },
    { sum: rub(500), text: '500 ₽' },
  ],
  booking_text_step2:
    'Стол будет ждать вас 15 минут после начала брони. Если планы изменятся, отмените бронь ' +
    'в приложении — это бесплатно. Депозита нет, но за некоторыми столами действует ' +
    'минимальная сумма заказа: она указана ниже.',
  text_about_zagruzka:
    'Загрузка показывает, насколько сейчас заняты кухня и зал: чем выше процент, тем дольше ' +
    'готовятся блюда. Прогноз построен по заказам прошлых недель — выберите время, чтобы ' +
    'увидеть, когда у нас свободнее.',
  app_name: BRAND.name,
  brand_color: BRAND.color,
  logo: '/media/brand/logo.svg',
  app_store_url: `${BRAND.site}/app/ios`,
  google_play_url: `${BRAND.site}/app/android`,
  tips_url: 'https://tips.zharpech.ru/',
};

/**
 * The hours the hotline (settings `hotline`) answers, minutes of the day: the one place the
 * chain's texts take them from (demo-content.ts).
 */
export const DEMO_HOTLINE_HOURS = { fromMinute: at(9), toMinute: at(23) } as const;

// --- restaurants (SPEC 3 Restaurant) -------------------------------------------------------------

export interface DemoScheduleDay {
  /** 1 = Monday … 7 = Sunday; a missing weekday means closed (SPEC 4). */
  weekday: number;
  fromMinute: number;
  /** May pass 1440 (24:00) up to 1800 (06:00 of the next morning). */
  toMinute: number;
}

export interface DemoTable {
  num: string;
  /** What the table's QR code holds (GET /api/v1/restoran/table/{code}); random so it cannot be guessed. */
  code: string;
  seats: number;
  bookable: boolean;
}

export interface DemoRestaurant {
  id: number;
  fsUid: string;
  name: string;
  nameShort: string;
  address: string;
  about: string;
  phone: string;
  email: string;
  seating: number;
  lat: number;
  lon: number;
  active: boolean;
  deliveryRest: boolean;
  deliverySelf: boolean;
  deliveryCourier: boolean;
  /** Days ahead a guest may pick for pickup (deliveryDays) and for courier delivery (deliveryDaysTrue). */
  deliveryDays: number;
  deliveryDaysTrue: number;
  winecard: boolean;
  sbp: boolean;
  congestionText: string;
  menuKinds: MenuKind[];
  /** Minimum order sums per order type, restaurant menu and shop (SPEC 5). */
  minOrderSum: { inrest: number; self: number; shopInrest: number; shopSelf: number };
  schedule: DemoScheduleDay[];
  tables: DemoTable[];
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

function hours(weekdays: number[], fromMinute: number, toMinute: number): DemoScheduleDay[] {
  return weekdays.map((weekday) => ({ weekday, fromMinute, toMinute }));
}

function table(num: number, code: string, seats: number, bookable = true): DemoTable {
  return { num: String(num), code, seats, bookable };
}

/**
 * The staff code that lets every demo restaurant's kiosk leave kiosk mode (POST kiosk/exit,
 * issue 14; docs/sandbox.md). The seed stores it hashed, like a code an operator sets.
 */
export const DEMO_KIOSK_CODE = '2580';

export const DEMO_RESTAURANTS: DemoRestaurant[] = [
  {
    id: 1,
    fsUid: '6e302e79-92b0-4bb2-9d47-adc62fed7d22',
    name: 'Жар-печь на Патриарших',
    nameShort: 'Патриаршие',
    address: 'Москва, ул. Малая Бронная, 24',
    about:
      'Флагман сети: большая дровяная печь посреди зала, открытая кухня и летняя веранда ' +
      'с видом на пруды. Есть детское меню и пеленальный столик.',
    phone: '+7 495 212-37-01',
    email: 'patriki@zharpech.ru',
    seating: 96,
    lat: 55.7628,
    lon: 37.5937,
    active: true,
    deliveryRest: true,
    deliverySelf: true,
    deliveryCourier: true,
    deliveryDays: 3,
    deliveryDaysTrue: 3,
    winecard: true,
    sbp: true,
    congestionText: 'Средняя загрузка — блюда готовим около 25 минут',
    menuKinds: ['restaurant', 'shop', 'bar'],
    minOrderSum: { inrest: 0, self: rub(600), shopInrest: 0, shopSelf: rub(1000) },
    // Friday and Saturday run past midnight: 10:00–01:00 (SPEC 4 day boundary).
    schedule: [...hours([1, 2, 3, 4, 7], at(10), at(23)), ...hours([5, 6], at(10), at(25))],
    tables: [
      table(1, 'T-JQBB-01', 2),
      table(2, 'T-62RP-02', 2),
      table(3, 'T-YB6J-03', 4),
      table(4, 'T-83GN-04', 4),
      table(5, 'T-VHUM-05', 4),
      table(6, 'T-DVHX-06', 6),
      table(7, 'T-CXD7-07', 6),
      table(8, 'T-TJJU-08', 8),
      table(9, 'T-PHYF-09', 4),
      table(10, 'T-735G-10', 2),
      // The counter by the oven is first come, first served.
      table(11, 'T-BZPD-11', 2, false),
      table(12, 'T-ZV2B-12', 2, false),
    ],
  },
  {
    id: 2,
    fsUid: 'cee8b622-f01d-422f-b438-2a9d52de22a8',
    name: 'Жар-печь на Покровке',
    nameShort: 'Покровка',
    address: 'Москва, ул. Покровка, 17, стр. 1',
    about:
      'Гастробар с длинной стойкой и винной комнатой в подвале старого купеческого дома. ' +
      'По пятницам и субботам — до пяти утра.',
    phone: '+7 495 212-37-02',
    email: 'pokrovka@zharpech.ru',
    seating: 64,
    lat: 55.7595,
    lon: 37.6468,
    active: true,
    deliveryRest: true,
    deliverySelf: true,
    deliveryCourier: false,
    deliveryDays: 2,
    deliveryDaysTrue: 0,
    winecard: true,
    sbp: true,
    congestionText: 'Высокая загрузка — ожидание до 40 минут',
    menuKinds: ['restaurant', 'bar'],
    minOrderSum: { inrest: 0, self: rub(800), shopInrest: 0, shopSelf: 0 },
    // Open past midnight every day: 12:00–02:00, Friday and Saturday until 05:00.
    schedule: [...hours([1, 2, 3, 4], at(12), at(26)), ...hours([5, 6], at(12), at(29)), ...hours([7], at(12), at(24))],
    tables: [
      table(1, 'T-R88Z-01', 2),
      table(2, 'T-U5ED-02', 2),
      table(3, 'T-VJKD-03', 4),
      table(4, 'T-C4MW-04', 4),
      table(5, 'T-JMXB-05', 4),
      table(6, 'T-QAT8-06', 6),
      table(7, 'T-H5JY-07', 8),
      table(8, 'T-GYVC-08', 2, false),
      table(9, 'T-44MJ-09', 2, false),
      table(10, 'T-2RWZ-10', 2, false),
    ],
  },
  {
    id: 3,
    fsUid: 'e2ba59fd-7a5d-44bd-9b88-ec14af9bc25f',
    name: 'Жар-печь в Замоскворечье',
    nameShort: 'Пятницкая',
    address: 'Москва, ул. Пятницкая, 45',
    about:
      'Семейный ресторан с пекарней у входа: свежий хлеб и выпечку можно взять с собой. ' +
      'По выходным — мастер-классы по пицце для детей.',
    phone: '+7 495 212-37-03',
    email: 'pyatnitskaya@zharpech.ru',
    seating: 72,
    lat: 55.738,
    lon: 37.628,
    active: true,
    deliveryRest: true,
    deliverySelf: false,
    deliveryCourier: true,
    deliveryDays: 1,
    deliveryDaysTrue: 2,
    winecard: false,
    sbp: true,
    congestionText: 'Сейчас свободно',
    menuKinds: ['restaurant', 'shop'],
    minOrderSum: { inrest: 0, self: rub(500), shopInrest: rub(500), shopSelf: rub(800) },
    schedule: [...hours([1, 2, 3, 4, 5], at(9), at(23)), ...hours([6, 7], at(10), at(23))],
    tables: [
      table(1, 'T-297G-01', 4),
      table(2, 'T-CKJS-02', 4),
      table(3, 'T-K2XW-03', 4),
      table(4, 'T-9JJH-04', 6),
      table(5, 'T-T7Z9-05', 6),
      table(6, 'T-WU5B-06', 8),
      table(7, 'T-9CSC-07', 2),
      table(8, 'T-MGVQ-08', 2),
    ],
  },
  {
    id: 4,
    fsUid: 'cf40c5c8-bd21-416a-8776-ced5d7b368a5',
    name: 'Жар-печь на Таганке',
    nameShort: 'Таганка',
    address: 'Москва, ул. Верхняя Радищевская, 15, стр. 2',
    about: 'Камерный зал на шесть столов рядом с театром. Заказы — только в зале, ' + 'по понедельникам выходной.',
    phone: '+7 495 212-37-04',
    email: 'taganka@zharpech.ru',
    seating: 28,
    lat: 55.7426,
    lon: 37.6515,
    active: true,
    deliveryRest: true,
    deliverySelf: false,
    deliveryCourier: false,
    deliveryDays: 0,
    deliveryDaysTrue: 0,
    winecard: false,
    sbp: true,
    congestionText: '',
    menuKinds: ['restaurant'],
    minOrderSum: { inrest: rub(500), self: 0, shopInrest: 0, shopSelf: 0 },
    // Closed on Mondays: no row for weekday 1 (SPEC 4).
    schedule: hours([2, 3, 4, 5, 6, 7], at(11), at(23)),
    tables: [
      table(1, 'T-UW9B-01', 2),
      table(2, 'T-NZPS-02', 2),
      table(3, 'T-WJ2R-03', 4),
      table(4, 'T-JNM9-04', 4),
      table(5, 'T-R94U-05', 6),
      table(6, 'T-9RDM-06', 8, false),
    ],
  },
  {
    id: 5,
    fsUid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
    name: 'Жар-печь у Курского вокзала',
    nameShort: 'Курский',
    address: 'Москва, ул. Земляной Вал, 33',
    about:
      'Круглосуточное окно выдачи и доставка: заберите заказ по дороге на поезд. ' +
      'Зала нет, есть стойка у окна на восемь мест.',
    phone: '+7 495 212-37-05',
    email: 'kursky@zharpech.ru',
    seating: 8,
    lat: 55.7574,
    lon: 37.6596,
    active: true,
    deliveryRest: false,
    deliverySelf: true,
    deliveryCourier: true,
    deliveryDays: 7,
    deliveryDaysTrue: 3,
    winecard: false,
    sbp: true,
    congestionText: 'Средняя загрузка — готовим около 20 минут',
    menuKinds: ['restaurant', 'shop'],
    minOrderSum: { inrest: 0, self: rub(400), shopInrest: 0, shopSelf: rub(600) },
    // Around the clock: 06:00 to 06:00 of the next morning, the whole schedule day (SPEC 4, 9).
    schedule: hours(EVERY_DAY, at(6), at(30)),
    tables: [],
  },
  {
    id: 6,
    fsUid: '331065ff-6d12-4bf5-a15b-e742d99b99a5',
    name: 'Жар-печь · Пекарня на Соколе',
    nameShort: 'Сокол',
    address: 'Москва, Ленинградский пр-т, 77, корп. 1',
    about: 'Пекарня-магазин: хлеб из печи с 7:30, кофе и выпечка с собой, заготовки для дома. ' + 'Только самовывоз.',
    phone: '+7 499 212-37-06',
    email: 'sokol@zharpech.ru',
    seating: 12,
    lat: 55.806,
    lon: 37.5135,
    active: true,
    deliveryRest: false,
    deliverySelf: true,
    deliveryCourier: false,
    deliveryDays: 2,
    deliveryDaysTrue: 0,
    winecard: false,
    sbp: true,
    congestionText: 'Сейчас свободно',
    menuKinds: ['restaurant', 'shop'],
    minOrderSum: { inrest: 0, self: rub(300), shopInrest: 0, shopSelf: rub(500) },
    schedule: hours(EVERY_DAY, at(7, 30), at(21)),
    tables: [],
  },
  {
    id: 7,
    fsUid: 'a6fc7569-550c-43af-9e50-a7afb91c4131',
    name: 'Жар-печь · Кухня на Бауманской',
    nameShort: 'Бауманская',
    address: 'Москва, ул. Бауманская, 33/2, стр. 8',
    about: 'Кухня только для доставки: гостей не принимаем, зато печь работает на курьеров без перерыва.',
    phone: '+7 495 212-37-07',
    email: 'baumanskaya@zharpech.ru',
    seating: 0,
    lat: 55.7725,
    lon: 37.6795,
    active: true,
    deliveryRest: false,
    deliverySelf: false,
    deliveryCourier: true,
    deliveryDays: 0,
    deliveryDaysTrue: 2,
    winecard: false,
    sbp: true,
    congestionText: '',
    menuKinds: ['restaurant'],
    minOrderSum: { inrest: 0, self: 0, shopInrest: 0, shopSelf: 0 },
    schedule: hours(EVERY_DAY, at(10), at(22, 30)),
    tables: [],
  },
  {
    id: 8,
    fsUid: 'b967d688-12c4-49ed-af67-49213e08a54c',
    name: 'Жар-печь в Лужниках',
    nameShort: 'Лужники',
    address: 'Москва, ул. Лужники, 24, стр. 3',
    about:
      'Кафе у Малой спортивной арены работает по дням матчей и концертов. ' +
      'Заказы через приложение здесь не принимаем — ждём вас у стойки.',
    phone: '+7 495 212-37-08',
    email: 'luzhniki@zharpech.ru',
    seating: 40,
    lat: 55.7158,
    lon: 37.554,
    active: true,
    deliveryRest: false,
    deliverySelf: false,
    deliveryCourier: false,
    deliveryDays: 0,
    deliveryDaysTrue: 0,
    winecard: false,
    sbp: false,
    congestionText: 'Высокая загрузка в дни матчей',
    menuKinds: ['restaurant', 'bar'],
    minOrderSum: { inrest: 0, self: 0, shopInrest: 0, shopSelf: 0 },
    // Event days only: closed Monday to Thursday.
    schedule: hours([5, 6, 7], at(12), at(23)),
    tables: [],
  },
  {
    id: 9,
    fsUid: 'f4b17dd5-9c39-4570-a3ad-ccfc5b7993cd',
    name: 'Жар-печь на Ленинском',
    nameShort: 'Ленинский',
    address: 'Москва, Ленинский пр-т, 37А',
    about: 'Закрыт на реконструкцию до весны: перекладываем печь и расширяем зал. Ждём вас снова!',
    phone: '+7 495 212-37-09',
    email: 'leninsky@zharpech.ru',
    seating: 80,
    lat: 55.7075,
    lon: 37.5835,
    // Inactive with every flag on: proves that active=false wins over the flags (SPEC 5).
    active: false,
    deliveryRest: true,
    deliverySelf: true,
    deliveryCourier: true,
    deliveryDays: 3,
    deliveryDaysTrue: 3,
    winecard: true,
    sbp: true,
    congestionText: '',
    menuKinds: ['restaurant', 'shop', 'bar'],
    minOrderSum: { inrest: 0, self: rub(600), shopInrest: 0, shopSelf: rub(1000) },
    schedule: hours(EVERY_DAY, at(10), at(22)),
    tables: [table(1, 'T-89S5-01', 4), table(2, 'T-ATDP-02', 4), table(3, 'T-DXFC-03', 6), table(4, 'T-QYYB-04', 2)],
  },
  {
    id: 10,
    fsUid: '0c6f4a1e-5b7d-4e2a-9f3c-8d1b2a7e6c45',
    name: 'Жар-печь на Тверской',
    nameShort: 'Тверская',
    address: 'Москва, ул. Тверская, 18, корп. 1',
    about:
      'Круглосуточный зал у Пушкинской: печь не гаснет ни днём, ни ночью. Завтраки весь день, ' +
      'заказ к столу по QR-коду.',
    phone: '+7 495 212-37-10',
    email: 'tverskaya@zharpech.ru',
    seating: 40,
    lat: 55.7659,
    lon: 37.6052,
    active: true,
    deliveryRest: true,
    deliverySelf: true,
    deliveryCourier: false,
    deliveryDays: 2,
    deliveryDaysTrue: 0,
    winecard: false,
    sbp: true,
    congestionText: 'Сейчас свободно',
    menuKinds: ['restaurant', 'bar'],
    minOrderSum: { inrest: 0, self: rub(500), shopInrest: 0, shopSelf: 0 },
    // Around the clock, hall included: 06:00 to 06:00 of the next morning (SPEC 4, 9).
    schedule: hours(EVERY_DAY, at(6), at(30)),
    tables: [
      table(1, 'T-K7WQ-01', 2),
      table(2, 'T-M3RV-02', 2),
      table(3, 'T-X9PD-03', 4),
      table(4, 'T-F2LN-04', 4),
      table(5, 'T-H6TC-05', 6),
      table(6, 'T-Q4ZJ-06', 2, false),
    ],
  },
];

// --- delivery zones (SPEC 3 Delivery zone, SPEC 5) ----------------------------------------------

export interface DemoZone {
  id: number;
  restaurantId: number;
  name: string;
  active: boolean;
  /** GeoJSON Polygon coordinates: rings of [lon, lat], closed, the outline first and counter-clockwise. */
  polygon: PolygonCoordinates;
  /** '#AARRGGBB': SPEC 9 moves the alpha pair to the end before the map uses it. */
  color: string;
  /** Delivery windows the guest must choose from; none means "as soon as ready" (SPEC 5). */
  periods: ZonePeriod[];
  /** Minutes a window closes before it starts (SPEC 5: start minus time_limit). */
  timeLimit: number;
  minOrderSumRest: number;
  minOrderSumShop: number;
  deliveryPrice: number;
  /** Order sum from which delivery is free; null: always paid. */
  freeDeliveryFrom: number | null;
}

const ALL_WEEK = [1, 1, 1, 1, 1, 1, 1];
const WEEKDAYS = [1, 1, 1, 1, 1, 0, 0];
const WEEKEND = [0, 0, 0, 0, 0, 1, 1];
const FRIDAY_SATURDAY = [0, 0, 0, 0, 1, 1, 0];

/** Back-to-back delivery windows: ['11:00', '13:00', '15:00'] gives 11–13 and 13–15. */
function windows(bounds: string[], days: number[]): ZonePeriod[] {
  return bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1] ?? from, days: [...days] }));
}

// The rings were drawn around each restaurant so that no two zones overlap (the test checks it).
export const DEMO_ZONES: DemoZone[] = [
  {
    id: 1,
    restaurantId: 1,
    name: 'Патриаршие и Тверская',
    active: true,
    polygon: [
      [
        [37.594289, 55.775034],
        [37.582202, 55.774628],
        [37.57421, 55.769597],
        [37.570136, 55.762042],
        [37.573004, 55.756628],
        [37.581989, 55.752416],
        [37.592603, 55.750779],
        [37.604202, 55.752228],
        [37.614441, 55.756831],
        [37.617128, 55.761945],
        [37.612198, 55.76979],
        [37.605433, 55.773237],
        [37.594289, 55.775034],
      ],
    ],
    color: '#66B4432C',
    periods: [],
    timeLimit: 45,
    minOrderSumRest: rub(1000),
    minOrderSumShop: rub(1500),
    deliveryPrice: rub(199),
    freeDeliveryFrom: rub(2000),
  },
  {
    id: 2,
    restaurantId: 1,
    name: 'Пресня и Хамовники',
    active: true,
    polygon: [
      [
        [37.573174, 55.787565],
        [37.557657, 55.781382],
        [37.54591, 55.772586],
        [37.543063, 55.761556],
        [37.549228, 55.751133],
        [37.560527, 55.742432],
        [37.576427, 55.7361],
        [37.584953, 55.749279],
        [37.574996, 55.752987],
        [37.569117, 55.758834],
        [37.568596, 55.765545],
        [37.573547, 55.771658],
        [37.582892, 55.77584],
        [37.573174, 55.787565],
      ],
    ],
    color: '#4DE07A2E',
    periods: [
      ...windows(['11:00', '13:00', '15:00', '17:00', '19:00', '21:00'], ALL_WEEK),
      ...windows(['21:00', '23:00'], FRIDAY_SATURDAY),
    ],
    timeLimit: 60,
    minOrderSumRest: rub(1500),
    minOrderSumShop: rub(2000),
    deliveryPrice: rub(299),
    freeDeliveryFrom: rub(3000),
  },
  {
    id: 3,
    restaurantId: 3,
    name: 'Замоскворечье',
    active: true,
    polygon: [
      [
        [37.626968, 55.74816],
        [37.6181, 55.746981],
        [37.610099, 55.743829],
        [37.608022, 55.737936],
        [37.61205, 55.732225],
        [37.616789, 55.728549],
        [37.628646, 55.72715],
        [37.636849, 55.728023],
        [37.645468, 55.73318],
        [37.647728, 55.738792],
        [37.644977, 55.743744],
        [37.636689, 55.747381],
        [37.626968, 55.74816],
      ],
    ],
    color: '#55C8A13A',
    periods: windows(['10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'], ALL_WEEK),
    timeLimit: 40,
    minOrderSumRest: rub(1000),
    minOrderSumShop: rub(1200),
    deliveryPrice: rub(149),
    freeDeliveryFrom: rub(1500),
  },
  {
    id: 4,
    restaurantId: 3,
    name: 'Якиманка и Донской',
    // Switched off while the courier team is short-handed: the map must not offer it.
    active: false,
    polygon: [
      [
        [37.584859, 55.72916],
        [37.589593, 55.723779],
        [37.595243, 55.718453],
        [37.604995, 55.715567],
        [37.615196, 55.713923],
        [37.62536, 55.712478],
        [37.635816, 55.713044],
        [37.631745, 55.726044],
        [37.621815, 55.72637],
        [37.613202, 55.729169],
        [37.607736, 55.733848],
        [37.584859, 55.72916],
      ],
    ],
    color: '#4D9E9E9E',
    periods: windows(['12:00', '15:00', '18:00', '21:00'], WEEKDAYS),
    timeLimit: 60,
    minOrderSumRest: rub(2000),
    minOrderSumShop: rub(2000),
    deliveryPrice: rub(349),
    freeDeliveryFrom: null,
  },
  {
    id: 5,
    restaurantId: 5,
    name: 'Басманный',
    active: true,
    polygon: [
      [
        [37.659973, 55.764599],
        [37.652441, 55.763812],
        [37.647981, 55.761051],
        [37.645685, 55.757815],
        [37.646718, 55.753279],
        [37.652123, 55.750434],
        [37.660779, 55.749486],
        [37.666713, 55.750608],
        [37.671081, 55.75342],
        [37.674673, 55.757418],
        [37.671368, 55.761698],
        [37.667579, 55.764041],
        [37.659973, 55.764599],
      ],
    ],
    color: '#592E8B57',
    periods: windows(['08:00', '11:00', '14:00', '17:00', '20:00', '23:00'], ALL_WEEK),
    timeLimit: 30,
    minOrderSumRest: rub(800),
    minOrderSumShop: rub(1000),
    deliveryPrice: rub(199),
    freeDeliveryFrom: rub(1800),
  },
  {
    id: 6,
    restaurantId: 5,
    name: 'Таганский',
    active: true,
    polygon: [
      [
        [37.653916, 55.739261],
        [37.665551, 55.738408],
        [37.676748, 55.740687],
        [37.685401, 55.745218],
        [37.692187, 55.750726],
        [37.674618, 55.754324],
        [37.667591, 55.749612],
        [37.656825, 55.748544],
        [37.653916, 55.739261],
      ],
    ],
    color: '#4D3A7BD5',
    // Weekday evenings and all day at the weekend.
    periods: [...windows(['18:00', '22:00'], WEEKDAYS), ...windows(['10:00', '14:00', '18:00', '22:00'], WEEKEND)],
    timeLimit: 60,
    minOrderSumRest: rub(1200),
    minOrderSumShop: rub(1500),
    deliveryPrice: rub(249),
    freeDeliveryFrom: rub(2500),
  },
  {
    id: 7,
    restaurantId: 7,
    name: 'Бауманская и Разгуляй',
    active: true,
    polygon: [
      [
        [37.679962, 55.780521],
        [37.672229, 55.780502],
        [37.667327, 55.776442],
        [37.664298, 55.772603],
        [37.666096, 55.768761],
        [37.672203, 55.765914],
        [37.678455, 55.76476],
        [37.6874, 55.765543],
        [37.691514, 55.768104],
        [37.693624, 55.771999],
        [37.692488, 55.776215],
        [37.686161, 55.779176],
        [37.679962, 55.780521],
      ],
    ],
    color: '#55F0A030',
    periods: windows(['11:00', '13:00', '15:00', '17:00', '19:00', '21:00', '22:30'], ALL_WEEK),
    timeLimit: 30,
    minOrderSumRest: rub(900),
    minOrderSumShop: rub(900),
    deliveryPrice: rub(149),
    freeDeliveryFrom: rub(1500),
  },
  {
    id: 8,
    restaurantId: 7,
    name: 'Лефортово и Сокольники',
    active: true,
    polygon: [
      [
        [37.71643, 55.760507],
        [37.722686, 55.768217],
        [37.723049, 55.776819],
        [37.71771, 55.784909],
        [37.708269, 55.791785],
        [37.694373, 55.795485],
        [37.6795, 55.797433],
        [37.6795, 55.781942],
        [37.690291, 55.779733],
        [37.696032, 55.77414],
        [37.694038, 55.767779],
        [37.71643, 55.760507],
      ],
    ],
    color: '#4D7B4FA0',
    periods: windows(['12:00', '15:00', '18:00', '21:00'], ALL_WEEK),
    timeLimit: 60,
    minOrderSumRest: rub(1800),
    minOrderSumShop: rub(1800),
    deliveryPrice: rub(399),
    freeDeliveryFrom: null,
  },
  {
    id: 9,
    restaurantId: 9,
    name: 'Гагаринский',
    // An active zone of an inactive restaurant: courier lookup must still skip it (SPEC 4).
    active: true,
    polygon: [
      [
        [37.582963, 55.716498],
        [37.572524, 55.715286],
        [37.566388, 55.710908],
        [37.566683, 55.704733],
        [37.571984, 55.699062],
        [37.582979, 55.698277],
        [37.593117, 55.699848],
        [37.59985, 55.70419],
        [37.600576, 55.710962],
        [37.593235, 55.715464],
        [37.582963, 55.716498],
      ],
    ],
    color: '#4D2BA3A0',
    periods: windows(['11:00', '14:00', '17:00', '20:00'], ALL_WEEK),
    timeLimit: 45,
    minOrderSumRest: rub(1000),
    minOrderSumShop: rub(1000),
    deliveryPrice: rub(199),
    freeDeliveryFrom: rub(2000),
  },
];

// --- menu (SPEC 3 Category, Dish, Option) -------------------------------------------------------

export interface DemoCategory {
  id: number;
  slug: string;
  menuKind: MenuKind;
  name: string;
  motif: Motif;
}

export interface DemoOption {
  name: string;
  /** Added to the dish price (single) or charged per piece (multi), SPEC 5 cart total. */
  price: number;
  /** false: choose one (sizes, doughs); true: counted extras up to maxCnt. */
  multicheck: boolean;
  maxCnt: number;
  disabled: boolean;
}

export interface DemoDish {
  id: number;
  slug: string;
  categoryId: number;
  name: string;
  price: number;
  weight: string;
  sostav: string;
  moreIngredients?: string;
  cookTime: number;
  options?: DemoOption[];
  /** Not sold at all right now (kept in the database, hidden from the menu). */
  active?: boolean;
  lockCode?: string;
  /** Picture parameters: the food's colour and its garnish; the motif comes from the category. */
  tone?: string;
  garnish?: string;
  motif?: Motif;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { id: 1, slug: 'pizza', menuKind: 'restaurant', name: 'Пицца из печи', motif: 'pizza' },
  { id: 2, slug: 'rolls', menuKind: 'restaurant', name: 'Роллы', motif: 'sushi' },
  { id: 3, slug: 'soups', menuKind: 'restaurant', name: 'Супы', motif: 'soup' },
  { id: 4, slug: 'salads', menuKind: 'restaurant', name: 'Салаты', motif: 'salad' },
  { id: 5, slug: 'mains', menuKind: 'restaurant', name: 'Горячее', motif: 'main' },
  { id: 6, slug: 'pasta', menuKind: 'restaurant', name: 'Паста', motif: 'pasta' },
  { id: 7, slug: 'desserts', menuKind: 'restaurant', name: 'Десерты', motif: 'dessert' },
  { id: 8, slug: 'drinks', menuKind: 'restaurant', name: 'Напитки', motif: 'drink' },
  { id: 9, slug: 'coffee-tea', menuKind: 'restaurant', name: 'Кофе и чай', motif: 'coffee' },
  { id: 10, slug: 'sauces', menuKind: 'restaurant', name: 'Соусы', motif: 'sauce' },
  { id: 11, slug: 'wine', menuKind: 'bar', name: 'Вино', motif: 'wine' },
  { id: 12, slug: 'beer-cider', menuKind: 'bar', name: 'Пиво и сидр', motif: 'beer' },
  { id: 13, slug: 'cocktails', menuKind: 'bar', name: 'Коктейли и настойки', motif: 'cocktail' },
  { id: 14, slug: 'bakery', menuKind: 'shop', name: 'Хлеб и выпечка', motif: 'bread' },
  { id: 15, slug: 'pantry', menuKind: 'shop', name: 'Бакалея', motif: 'grocery' },
  { id: 16, slug: 'frozen', menuKind: 'shop', name: 'Пельмени и заготовки', motif: 'dumplings' },
];

function choice(name: string, price = 0, disabled = false): DemoOption {
  return { name, price, multicheck: false, maxCnt: 1, disabled };
}

function extra(name: string, price: number, maxCnt: number, disabled = false): DemoOption {
  return { name, price, multicheck: true, maxCnt, disabled };
}

const PIZZA_SIZES = [choice('30 см'), choice('35 см', rub(220))];
// The gluten-free base is switched off until the next delivery of flour.
const PIZZA_DOUGHS = [choice('Классическое тесто'), choice('Тонкое тесто'), choice('Без глютена', rub(150), true)];
const PIZZA_EXTRAS = [
  extra('Двойная моцарелла', rub(120), 2),
  extra('Пепперони', rub(150), 2),
  extra('Шампиньоны', rub(90), 2),
  extra('Халапеньо', rub(60), 2),
  extra('Трюфельное масло', rub(190), 1, true),
];
const ROLL_EXTRAS = [
  extra('Спайси-соус', rub(60), 3),
  extra('Соус унаги', rub(60), 3),
  extra('Сливочный сыр', rub(90), 2),
];
const SALAD_EXTRAS = [
  extra('Куриное филе', rub(190), 2),
  extra('Тигровые креветки', rub(290), 2),
  extra('Пармезан', rub(90), 1),
];
const STEAK_DONENESS = [
  choice('С кровью'),
  choice('Слабая прожарка'),
  choice('Средняя прожарка'),
  choice('Полная прожарка'),
];
const STEAK_EXTRAS = [extra('Перечный соус', rub(120), 2), extra('Картофель фри', rub(220), 1)];
const FISH_SIDES = [choice('Рис с овощами'), choice('Овощи гриль'), choice('Картофельное пюре')];
const PASTA_SHAPES = [choice('Спагетти'), choice('Феттучине'), choice('Без глютена', rub(100), true)];
const COFFEE_SIZES = [choice('0,3 л'), choice('0,4 л', rub(60))];
const COFFEE_EXTRAS = [
  extra('Сироп ванильный', rub(50), 3),
  extra('Сироп карамельный', rub(50), 3),
  extra('Дополнительный эспрессо', rub(90), 2),
  extra('Овсяное молоко', rub(70), 1),
  extra('Кокосовое молоко', rub(70), 1, true),
];

function wineServings(glass: number, carafe: number, bottle: number): DemoOption[] {
  return [
    choice('Бокал 150 мл'),
    choice('Графин 500 мл', rub(carafe - glass)),
    choice('Бутылка 750 мл', rub(bottle - glass)),
  ];
}

const RED = '#C8412B';
const GREEN = '#4E8A3A';

export const DEMO_DISHES: DemoDish[] = [
  // 1 Пицца из печи
  {
    id: 101,
    slug: 'margherita',
    categoryId: 1,
    name: 'Маргарита',
    price: rub(590),
    weight: '450 г',
    sostav: 'Томатный соус, моцарелла, базилик, оливковое масло',
    moreIngredients: 'Аллергены: глютен, молоко.',
    cookTime: 12,
    options: [...PIZZA_DOUGHS, ...PIZZA_EXTRAS],
    garnish: '#F7E3A6',
  },
  {
    id: 102,
    slug: 'pepperoni',
    categoryId: 1,
    name: 'Пепперони',
    price: rub(720),
    weight: '480 г',
    sostav: 'Томатный соус, моцарелла, колбаса пепперони, орегано',
    moreIngredients: 'Аллергены: глютен, молоко. Острая.',
    cookTime: 12,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    garnish: '#A3271C',
  },
  {
    id: 103,
    slug: 'four-cheese',
    categoryId: 1,
    name: 'Четыре сыра',
    price: rub(790),
    weight: '470 г',
    sostav: 'Сливочный соус, моцарелла, горгонзола, пармезан, скаморца, мёд',
    moreIngredients: 'Аллергены: глютен, молоко.',
    cookTime: 12,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    tone: '#F3E1B0',
    garnish: '#E9C15A',
  },
  {
    id: 104,
    slug: 'mushroom-truffle-pizza',
    categoryId: 1,
    name: 'С белыми грибами и трюфельным маслом',
    price: rub(890),
    weight: '500 г',
    sostav: 'Сливочный соус, моцарелла, шампиньоны, белые грибы, трюфельное масло, тимьян',
    moreIngredients: 'Аллергены: глютен, молоко.',
    cookTime: 14,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    tone: '#EFDDB6',
    garnish: '#8C6A48',
  },
  {
    id: 105,
    slug: 'diavola',
    categoryId: 1,
    name: 'Дьябола',
    price: rub(760),
    weight: '480 г',
    sostav: 'Томатный соус, моцарелла, острая салями, халапеньо, красный лук',
    moreIngredients: 'Очень острая.',
    cookTime: 12,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    garnish: '#7E1F17',
  },
  {
    id: 106,
    slug: 'prosciutto-arugula',
    categoryId: 1,
    name: 'С прошутто и рукколой',
    price: rub(920),
    weight: '470 г',
    sostav: 'Томатный соус, моцарелла, прошутто крудо, руккола, томаты черри, пармезан',
    cookTime: 12,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    garnish: '#E58C8A',
  },
  {
    id: 107,
    slug: 'bbq-chicken-pizza',
    categoryId: 1,
    name: 'Барбекю с цыплёнком',
    price: rub(780),
    weight: '520 г',
    sostav: 'Соус барбекю, моцарелла, цыплёнок, бекон, красный лук, кинза',
    cookTime: 13,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    tone: '#8A3B22',
    garnish: '#E7B98A',
  },
  {
    id: 108,
    slug: 'vegetable-pizza',
    categoryId: 1,
    name: 'Овощная с песто',
    price: rub(650),
    weight: '480 г',
    sostav: 'Томатный соус, моцарелла, цукини, сладкий перец, баклажан, черри, песто',
    moreIngredients: 'Вегетарианская. Аллергены: глютен, молоко, кедровые орехи.',
    cookTime: 12,
    options: [...PIZZA_SIZES, ...PIZZA_EXTRAS],
    garnish: GREEN,
  },
  // 2 Роллы
  {
    id: 201,
    slug: 'philadelphia',
    categoryId: 2,
    name: 'Филадельфия',
    price: rub(690),
    weight: '250 г',
    sostav: 'Лосось, сливочный сыр, огурец, рис, нори',
    moreIngredients: 'Аллергены: рыба, молоко.',
    cookTime: 10,
    options: ROLL_EXTRAS,
    garnish: '#FFF6E0',
  },
  {
    id: 202,
    slug: 'california',
    categoryId: 2,
    name: 'Калифорния с крабом',
    price: rub(590),
    weight: '230 г',
    sostav: 'Снежный краб, авокадо, огурец, икра масаго, японский майонез',
    moreIngredients: 'Аллергены: ракообразные, яйцо.',
    cookTime: 10,
    options: ROLL_EXTRAS,
    tone: '#F4A38A',
    garnish: '#8DB255',
  },
  {
    id: 203,
    slug: 'spicy-tuna',
    categoryId: 2,
    name: 'Спайси с тунцом',
    price: rub(620),
    weight: '210 г',
    sostav: 'Тунец, спайси-соус, огурец, зелёный лук, рис, нори',
    moreIngredients: 'Острый.',
    cookTime: 10,
    options: ROLL_EXTRAS,
    tone: '#B4283A',
    garnish: '#7FB04A',
  },
  {
    id: 204,
    slug: 'unagi-roll',
    categoryId: 2,
    name: 'Ролл с угрём',
    price: rub(740),
    weight: '240 г',
    sostav: 'Копчёный угорь, сливочный сыр, огурец, соус унаги, кунжут',
    cookTime: 12,
    options: ROLL_EXTRAS,
    tone: '#7A4A2A',
    garnish: '#FFF6E0',
  },
  {
    id: 205,
    slug: 'vegetable-roll',
    categoryId: 2,
    name: 'Овощной ролл',
    price: rub(390),
    weight: '200 г',
    sostav: 'Огурец, авокадо, сладкий перец, салат айсберг, кунжут',
    moreIngredients: 'Веганский.',
    cookTime: 8,
    tone: '#7FB04A',
    garnish: '#F2B233',
  },
  {
    id: 206,
    slug: 'salmon-nigiri',
    categoryId: 2,
    name: 'Нигири с лососем, 2 шт',
    price: rub(240),
    weight: '60 г',
    sostav: 'Лосось, рис, васаби',
    cookTime: 6,
  },
  {
    id: 207,
    slug: 'roll-set',
    categoryId: 2,
    name: 'Сет «Печной», 32 шт',
    price: rub(2190),
    weight: '960 г',
    sostav: 'Филадельфия, Калифорния с крабом, ролл с угрём, спайси с тунцом',
    moreIngredients: 'На компанию из 3–4 человек. Аллергены: рыба, ракообразные, молоко, яйцо.',
    cookTime: 25,
    options: ROLL_EXTRAS,
    garnish: '#8DB255',
  },
  // 3 Супы
  {
    id: 301,
    slug: 'borscht',
    categoryId: 3,
    name: 'Борщ с говядиной',
    price: rub(490),
    weight: '350 г',
    sostav: 'Говядина, свёкла, капуста, картофель, морковь, томаты, сметана, зелень',
    cookTime: 8,
    options: [
      choice('Со сметаной'),
      choice('Без сметаны'),
      extra('Пампушки с чесноком', rub(120), 4),
      extra('Сало', rub(150), 2),
    ],
    tone: '#9E1B32',
  },
  {
    id: 302,
    slug: 'solyanka',
    categoryId: 3,
    name: 'Солянка сборная мясная',
    price: rub(520),
    weight: '350 г',
    sostav: 'Говядина, копчёные колбаски, ветчина, солёные огурцы, маслины, лимон, сметана',
    cookTime: 8,
    tone: '#C1602F',
    garnish: '#3A3A2A',
  },
  {
    id: 303,
    slug: 'tom-yum',
    categoryId: 3,
    name: 'Том ям с креветками',
    price: rub(690),
    weight: '400 г',
    sostav: 'Тигровые креветки, кокосовое молоко, шампиньоны, паста том ям, лемонграсс, кинза, рис',
    moreIngredients: 'Аллергены: ракообразные. Острота на выбор.',
    cookTime: 12,
    options: [choice('Умеренно остро'), choice('Остро'), choice('Очень остро')],
    tone: '#E07B39',
  },
  {
    id: 304,
    slug: 'mushroom-cream-soup',
    categoryId: 3,
    name: 'Крем-суп из шампиньонов',
    price: rub(420),
    weight: '300 г',
    sostav: 'Шампиньоны, сливки, лук, картофель, гренки',
    cookTime: 8,
    tone: '#C9A77C',
  },
  {
    id: 305,
    slug: 'chicken-noodle-soup',
    categoryId: 3,
    name: 'Куриный суп с домашней лапшой',
    price: rub(380),
    weight: '350 г',
    sostav: 'Куриный бульон, куриное филе, домашняя лапша, морковь, зелень',
    cookTime: 8,
    tone: '#E8C25A',
  },
  {
    id: 306,
    slug: 'okroshka',
    categoryId: 3,
    name: 'Окрошка на квасе',
    price: rub(450),
    weight: '400 г',
    sostav: 'Квас, говядина, огурец, редис, картофель, яйцо, зелень, сметана',
    moreIngredients: 'Летнее блюдо, вернётся в меню в мае.',
    cookTime: 5,
    active: false,
    tone: '#D8B27A',
  },
  // 4 Салаты
  {
    id: 401,
    slug: 'caesar-chicken',
    categoryId: 4,
    name: 'Цезарь с цыплёнком',
    price: rub(590),
    weight: '260 г',
    sostav: 'Романо, цыплёнок гриль, гренки, пармезан, соус цезарь, яйцо пашот',
    cookTime: 10,
    options: [choice('Соус в салате'), choice('Соус отдельно'), ...SALAD_EXTRAS],
    tone: '#8DB255',
    garnish: '#E3B15F',
  },
  {
    id: 402,
    slug: 'greek-salad',
    categoryId: 4,
    name: 'Греческий',
    price: rub(520),
    weight: '270 г',
    sostav: 'Томаты, огурцы, сладкий перец, красный лук, маслины, фета, орегано, оливковое масло',
    cookTime: 8,
    options: SALAD_EXTRAS,
    garnish: '#D9432F',
  },
  {
    id: 403,
    slug: 'olivier',
    categoryId: 4,
    name: 'Оливье с говяжьим языком',
    price: rub(490),
    weight: '220 г',
    sostav: 'Говяжий язык, картофель, морковь, солёные огурцы, горошек, яйцо, домашний майонез',
    cookTime: 6,
    tone: '#E7D9A8',
    garnish: '#6FA046',
  },
  {
    id: 404,
    slug: 'burrata-tomatoes',
    categoryId: 4,
    name: 'Буррата с томатами',
    price: rub(890),
    weight: '250 г',
    sostav: 'Буррата, томаты трёх сортов, базилик, песто, бальзамический крем',
    moreIngredients: 'Аллергены: молоко, кедровые орехи.',
    cookTime: 6,
    tone: '#4E8A3A',
    garnish: '#E04A2F',
  },
  {
    id: 405,
    slug: 'warm-beef-salad',
    categoryId: 4,
    name: 'Тёплый салат с говядиной',
    price: rub(690),
    weight: '240 г',
    sostav: 'Говяжья вырезка, микс салатов, черри, кунжут, соус терияки',
    cookTime: 12,
    options: SALAD_EXTRAS,
    garnish: '#7A3B22',
  },
  {
    id: 406,
    slug: 'herring-under-fur-coat',
    categoryId: 4,
    name: 'Сельдь под шубой',
    price: rub(420),
    weight: '230 г',
    sostav: 'Сельдь, свёкла, картофель, морковь, яйцо, майонез',
    cookTime: 5,
    tone: '#A3284A',
    garnish: '#F3E3C0',
  },
  // 5 Горячее
  {
    id: 501,
    slug: 'ribeye',
    categoryId: 5,
    name: 'Стейк рибай',
    price: rub(2490),
    weight: '300 г',
    sostav: 'Мраморная говядина зернового откорма, соль, перец, розмарин',
    moreIngredients: 'Подаётся без гарнира. Степень прожарки на выбор.',
    cookTime: 25,
    options: [...STEAK_DONENESS, ...STEAK_EXTRAS],
    tone: '#7A3B22',
  },
  {
    id: 502,
    slug: 'chicken-kiev',
    categoryId: 5,
    name: 'Котлета по-киевски с пюре',
    price: rub(690),
    weight: '350 г',
    sostav: 'Куриное филе, сливочное масло с зеленью, панировка, картофельное пюре',
    cookTime: 20,
    tone: '#D08A3A',
    garnish: '#F3E3C0',
  },
  {
    id: 503,
    slug: 'beef-stroganoff',
    categoryId: 5,
    name: 'Бефстроганов с пюре',
    price: rub(790),
    weight: '330 г',
    sostav: 'Говяжья вырезка, сливочно-грибной соус, лук, картофельное пюре',
    cookTime: 18,
    tone: '#8A5A3A',
    garnish: '#F3E3C0',
  },
  {
    id: 504,
    slug: 'salmon-steak',
    categoryId: 5,
    name: 'Стейк из лосося',
    price: rub(1290),
    weight: '220 г',
    sostav: 'Филе лосося, лимон, соус тартар, гарнир на выбор',
    cookTime: 18,
    options: FISH_SIDES,
    tone: '#EE8A62',
    garnish: '#F2D04B',
  },
  {
    id: 505,
    slug: 'duck-leg-confit',
    categoryId: 5,
    name: 'Утиная ножка конфи',
    price: rub(990),
    weight: '320 г',
    sostav: 'Утиная ножка, печёные яблоки, брусничный соус',
    cookTime: 20,
    tone: '#9A5230',
    garnish: '#C2263F',
  },
  {
    id: 506,
    slug: 'pelmeni',
    categoryId: 5,
    name: 'Пельмени домашние',
    price: rub(490),
    weight: '300 г',
    sostav: 'Говядина, свинина, тесто, сметана, зелень',
    cookTime: 12,
    options: [choice('Со сметаной'), choice('В бульоне', rub(50))],
    motif: 'dumplings',
  },
  {
    id: 507,
    slug: 'pozharsky-cutlets',
    categoryId: 5,
    name: 'Пожарские котлеты с пюре',
    price: rub(640),
    weight: '320 г',
    sostav: 'Куриный фарш, сливочное масло, панировка, картофельное пюре, грибной соус',
    cookTime: 18,
    tone: '#C98A45',
    garnish: '#F3E3C0',
  },
  // 6 Паста
  {
    id: 601,
    slug: 'carbonara',
    categoryId: 6,
    name: 'Карбонара',
    price: rub(620),
    weight: '300 г',
    sostav: 'Спагетти, гуанчале, желток, пекорино романо, чёрный перец',
    cookTime: 12,
    options: PASTA_SHAPES,
    tone: '#F1D27A',
    garnish: '#8A5A3A',
  },
  {
    id: 602,
    slug: 'bolognese',
    categoryId: 6,
    name: 'Болоньезе',
    price: rub(590),
    weight: '320 г',
    sostav: 'Спагетти, рагу из говядины и свинины, томаты, пармезан',
    cookTime: 12,
    options: PASTA_SHAPES,
    tone: '#A8432A',
  },
  {
    id: 603,
    slug: 'seafood-pasta',
    categoryId: 6,
    name: 'Паста с морепродуктами',
    price: rub(890),
    weight: '320 г',
    sostav: 'Лингвини, тигровые креветки, мидии, кальмар, томатный соус, чеснок, петрушка',
    moreIngredients: 'Аллергены: ракообразные, моллюски.',
    cookTime: 15,
    options: PASTA_SHAPES,
    tone: '#E0684A',
  },
  {
    id: 604,
    slug: 'pesto-pasta',
    categoryId: 6,
    name: 'Паста с песто и томатами',
    price: rub(520),
    weight: '280 г',
    sostav: 'Феттучине, соус песто, томаты черри, кедровые орехи, пармезан',
    moreIngredients: 'Вегетарианская.',
    cookTime: 12,
    tone: '#5E9C45',
    garnish: RED,
  },
  {
    id: 605,
    slug: 'lasagna',
    categoryId: 6,
    name: 'Лазанья',
    price: rub(640),
    weight: '350 г',
    sostav: 'Листы пасты, рагу болоньезе, соус бешамель, моцарелла, пармезан',
    cookTime: 15,
    tone: '#B8502E',
  },
  // 7 Десерты
  {
    id: 701,
    slug: 'napoleon',
    categoryId: 7,
    name: 'Наполеон',
    price: rub(390),
    weight: '160 г',
    sostav: 'Слоёное тесто, заварной крем, сливки',
    cookTime: 3,
    tone: '#E9C98F',
    garnish: '#F6EBD5',
  },
  {
    id: 702,
    slug: 'honey-cake',
    categoryId: 7,
    name: 'Медовик',
    price: rub(380),
    weight: '150 г',
    sostav: 'Медовые коржи, сметанный крем, грецкий орех',
    cookTime: 3,
    tone: '#D9A55A',
    garnish: '#8C5A2E',
  },
  {
    id: 703,
    slug: 'new-york-cheesecake',
    categoryId: 7,
    name: 'Чизкейк Нью-Йорк',
    price: rub(450),
    weight: '150 г',
    sostav: 'Сливочный сыр, песочная основа, ваниль',
    cookTime: 3,
    options: [extra('Ягодный соус', rub(60), 2), extra('Шарик пломбира', rub(120), 2)],
    tone: '#F6E3B4',
  },
  {
    id: 704,
    slug: 'syrniki',
    categoryId: 7,
    name: 'Сырники',
    price: rub(420),
    weight: '200 г',
    sostav: 'Творог, яйцо, мука, ваниль; подаём со сметаной, сгущёнкой или вареньем',
    cookTime: 12,
    options: [choice('Со сметаной'), choice('Со сгущёнкой'), choice('С вареньем')],
    tone: '#E7B36A',
    garnish: '#C2263F',
  },
  {
    id: 705,
    slug: 'tiramisu',
    categoryId: 7,
    name: 'Тирамису',
    price: rub(490),
    weight: '150 г',
    sostav: 'Маскарпоне, савоярди, эспрессо, какао',
    moreIngredients: 'Содержит алкоголь (марсала).',
    cookTime: 3,
    tone: '#B98A5E',
    garnish: '#4A2A17',
  },
  {
    id: 706,
    slug: 'blini-jam',
    categoryId: 7,
    name: 'Блины с вареньем',
    price: rub(320),
    weight: '180 г',
    sostav: 'Три тонких блина на молоке, варенье на выбор',
    cookTime: 10,
    tone: '#EBC07A',
    garnish: '#A3122E',
  },
  {
    id: 707,
    slug: 'plombir',
    categoryId: 7,
    name: 'Пломбир',
    price: rub(250),
    weight: '100 г',
    sostav: 'Сливочный пломбир, два шарика',
    cookTime: 2,
    options: [choice('Ванильный'), choice('Шоколадный'), choice('Фисташковый', rub(50), true)],
    tone: '#F8F0DC',
    garnish: '#6B3A1E',
  },
  // 8 Напитки
  {
    id: 801,
    slug: 'cranberry-mors',
    categoryId: 8,
    name: 'Морс клюквенный',
    price: rub(220),
    weight: '0,4 л',
    sostav: 'Клюква, вода, сахар',
    cookTime: 1,
    options: [choice('0,4 л'), choice('Кувшин 1 л', rub(260))],
    tone: '#B3122E',
    garnish: '#F2D04B',
  },
  {
    id: 802,
    slug: 'tarragon-lemonade',
    categoryId: 8,
    name: 'Лимонад тархун',
    price: rub(320),
    weight: '0,4 л',
    sostav: 'Тархун, лайм, содовая, тростниковый сироп',
    cookTime: 3,
    tone: '#5FB04A',
    garnish: '#B6D94C',
  },
  {
    id: 803,
    slug: 'sea-buckthorn-lemonade',
    categoryId: 8,
    name: 'Лимонад облепиха–маракуйя',
    price: rub(340),
    weight: '0,4 л',
    sostav: 'Облепиха, маракуйя, апельсин, содовая',
    cookTime: 3,
    tone: '#F29A1F',
    garnish: '#F2D04B',
  },
  {
    id: 804,
    slug: 'kvass',
    categoryId: 8,
    name: 'Квас домашний',
    price: rub(250),
    weight: '0,5 л',
    sostav: 'Ржаной хлеб, солод, изюм',
    cookTime: 1,
    tone: '#7A3E16',
    garnish: '#E9C46A',
  },
  {
    id: 805,
    slug: 'orange-juice',
    categoryId: 8,
    name: 'Свежевыжатый апельсиновый сок',
    price: rub(390),
    weight: '0,3 л',
    sostav: 'Апельсины',
    cookTime: 4,
    tone: '#F4A024',
    garnish: '#F28C28',
  },
  {
    id: 806,
    slug: 'mineral-water',
    categoryId: 8,
    name: 'Вода «Святой источник»',
    price: rub(190),
    weight: '0,5 л',
    sostav: 'Питьевая вода',
    cookTime: 0,
    options: [choice('С газом'), choice('Без газа')],
    tone: '#BFE0EA',
    garnish: '#D8E86A',
  },
  {
    id: 807,
    slug: 'dobry-cola',
    categoryId: 8,
    name: 'Добрый Кола',
    price: rub(190),
    weight: '0,5 л',
    sostav: 'Газированный напиток',
    cookTime: 0,
    tone: '#3B1A0E',
    garnish: '#F2D04B',
  },
  // 9 Кофе и чай
  {
    id: 901,
    slug: 'cappuccino',
    categoryId: 9,
    name: 'Капучино',
    price: rub(290),
    weight: '0,3 л',
    sostav: 'Эспрессо, молоко',
    cookTime: 4,
    options: [...COFFEE_SIZES, ...COFFEE_EXTRAS],
    tone: '#B07A4A',
  },
  {
    id: 902,
    slug: 'latte',
    categoryId: 9,
    name: 'Латте',
    price: rub(310),
    weight: '0,3 л',
    sostav: 'Эспрессо, молоко, молочная пена',
    cookTime: 4,
    options: [...COFFEE_SIZES, ...COFFEE_EXTRAS],
    tone: '#C69767',
  },
  {
    id: 903,
    slug: 'americano',
    categoryId: 9,
    name: 'Американо',
    price: rub(220),
    weight: '0,3 л',
    sostav: 'Эспрессо, вода',
    cookTime: 3,
    options: [...COFFEE_SIZES, ...COFFEE_EXTRAS],
    tone: '#4A2A17',
    garnish: '#8A5A3A',
  },
  {
    id: 904,
    slug: 'espresso',
    categoryId: 9,
    name: 'Эспрессо',
    price: rub(180),
    weight: '40 мл',
    sostav: 'Кофе арабика, обжарка для эспрессо',
    cookTime: 2,
    tone: '#3B1F10',
    garnish: '#A8713F',
  },
  {
    id: 905,
    slug: 'lavender-raf',
    categoryId: 9,
    name: 'Раф лавандовый',
    price: rub(360),
    weight: '0,3 л',
    sostav: 'Эспрессо, сливки, лавандовый сироп',
    cookTime: 5,
    options: COFFEE_SIZES,
    tone: '#D8B59A',
    garnish: '#B39BC8',
  },
  {
    id: 906,
    slug: 'sea-buckthorn-tea',
    categoryId: 9,
    name: 'Облепиховый чай с мёдом',
    price: rub(390),
    weight: '0,5 л',
    sostav: 'Облепиха, апельсин, мёд, имбирь, корица',
    cookTime: 5,
    tone: '#F08A1C',
    garnish: '#F2D04B',
  },
  {
    id: 907,
    slug: 'assam-tea',
    categoryId: 9,
    name: 'Чай чёрный «Ассам»',
    price: rub(290),
    weight: '0,6 л',
    sostav: 'Листовой чёрный чай',
    cookTime: 4,
    options: [choice('Чайник 0,6 л'), choice('Чайник 1 л', rub(150))],
    tone: '#9A3E12',
    garnish: '#F2D04B',
  },
  // 10 Соусы
  {
    id: 1001,
    slug: 'cheese-sauce',
    categoryId: 10,
    name: 'Соус сырный',
    price: rub(80),
    weight: '40 г',
    sostav: 'Сливочный сыр, чеддер, сливки',
    cookTime: 0,
  },
  {
    id: 1002,
    slug: 'garlic-sauce',
    categoryId: 10,
    name: 'Соус чесночный',
    price: rub(80),
    weight: '40 г',
    sostav: 'Сметана, чеснок, укроп',
    cookTime: 0,
    tone: '#F6EFD9',
  },
  {
    id: 1003,
    slug: 'tomato-basil-sauce',
    categoryId: 10,
    name: 'Соус томатный с базиликом',
    price: rub(80),
    weight: '40 г',
    sostav: 'Томаты, базилик, оливковое масло',
    cookTime: 0,
    tone: RED,
  },
  {
    id: 1004,
    slug: 'soy-sauce',
    categoryId: 10,
    name: 'Соус соевый',
    price: rub(50),
    weight: '30 мл',
    sostav: 'Соевый соус натурального брожения',
    cookTime: 0,
    tone: '#3B1F10',
    garnish: '#C9A46A',
  },
  {
    id: 1005,
    slug: 'spicy-sauce',
    categoryId: 10,
    name: 'Соус спайси',
    price: rub(70),
    weight: '40 г',
    sostav: 'Японский майонез, шрирача, кунжутное масло',
    cookTime: 0,
    tone: '#F08A4B',
  },
  {
    id: 1006,
    slug: 'ginger-wasabi',
    categoryId: 10,
    name: 'Имбирь и васаби',
    price: rub(60),
    weight: '30 г',
    sostav: 'Маринованный имбирь, васаби',
    cookTime: 0,
    tone: '#F3B4A4',
    garnish: '#9CBF4A',
  },
  // 11 Вино (bar)
  {
    id: 1101,
    slug: 'saperavi',
    categoryId: 11,
    name: 'Саперави, Кубань, красное сухое',
    price: rub(490),
    weight: '0,15 л',
    sostav: 'Саперави; ноты вишни, чернослива и специй',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    options: wineServings(490, 1490, 2290),
    tone: '#6E1426',
  },
  {
    id: 1102,
    slug: 'riesling',
    categoryId: 11,
    name: 'Рислинг, Крым, белое сухое',
    price: rub(450),
    weight: '0,15 л',
    sostav: 'Рислинг; ноты зелёного яблока и цитрусов',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    options: wineServings(450, 1390, 2090),
    tone: '#EED98A',
    garnish: '#B7C95A',
  },
  {
    id: 1103,
    slug: 'rose-wine',
    categoryId: 11,
    name: 'Каберне розе, Дивноморское',
    price: rub(520),
    weight: '0,15 л',
    sostav: 'Каберне совиньон; ноты клубники и малины',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    options: wineServings(520, 1590, 2490),
    tone: '#F08A8A',
  },
  {
    id: 1104,
    slug: 'abrau-brut',
    categoryId: 11,
    name: 'Абрау-Дюрсо брют, игристое',
    price: rub(550),
    weight: '0,125 л',
    sostav: 'Шардоне, пино нуар; классический метод',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#F2E3A0',
    garnish: '#B7C95A',
  },
  {
    id: 1105,
    slug: 'mulled-wine',
    categoryId: 11,
    name: 'Глинтвейн',
    price: rub(450),
    weight: '0,25 л',
    sostav: 'Красное вино, апельсин, корица, гвоздика, мёд',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 6,
    tone: '#8E1B26',
    garnish: '#F28C28',
  },
  // 12 Пиво и сидр (bar)
  {
    id: 1201,
    slug: 'lager',
    categoryId: 12,
    name: 'Лагер разливной',
    price: rub(390),
    weight: '0,5 л',
    sostav: 'Светлое фильтрованное, 4,8%',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#E8A92B',
  },
  {
    id: 1202,
    slug: 'wheat-beer',
    categoryId: 12,
    name: 'Пшеничное нефильтрованное',
    price: rub(420),
    weight: '0,5 л',
    sostav: 'Пшеничное, 5,2%; ноты банана и гвоздики',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#F0B94A',
  },
  {
    id: 1203,
    slug: 'apple-cider',
    categoryId: 12,
    name: 'Сидр яблочный',
    price: rub(450),
    weight: '0,33 л',
    sostav: 'Яблочный сидр брют, 5,5%',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#F3C85A',
    garnish: '#FFF8E6',
  },
  {
    id: 1204,
    slug: 'firebird-ipa',
    categoryId: 12,
    name: 'IPA «Жар-птица»',
    price: rub(490),
    weight: '0,5 л',
    sostav: 'Индийский светлый эль, 6,5%; сварен для нашей сети',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#D9822B',
  },
  // 13 Коктейли и настойки (bar)
  {
    id: 1301,
    slug: 'aperol-spritz',
    categoryId: 13,
    name: 'Апероль шприц',
    price: rub(690),
    weight: '0,3 л',
    sostav: 'Апероль, игристое вино, содовая, апельсин',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 3,
    tone: '#F26B1D',
    garnish: '#F28C28',
  },
  {
    id: 1302,
    slug: 'negroni',
    categoryId: 13,
    name: 'Негрони',
    price: rub(750),
    weight: '0,1 л',
    sostav: 'Джин, кампари, красный вермут, апельсиновая цедра',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 3,
    tone: '#B3122E',
    garnish: '#F28C28',
  },
  {
    id: 1303,
    slug: 'cranberry-nastoyka',
    categoryId: 13,
    name: 'Настойка клюквенная',
    price: rub(290),
    weight: '0,05 л',
    sostav: 'Клюква, водка, мёд',
    moreIngredients: '18+. Продажа алкоголя только совершеннолетним.',
    cookTime: 1,
    tone: '#A3122E',
    garnish: '#C2263F',
  },
  {
    id: 1304,
    slug: 'firebird-nastoyka',
    categoryId: 13,
    name: 'Настойка «Жар-птица» из секретного меню',
    price: rub(350),
    weight: '0,05 л',
    sostav: 'Облепиха, перец чили, мёд, водка — рецепт шеф-бармена',
    moreIngredients: '18+. Откроется по коду, который официант назовёт после проверки возраста.',
    cookTime: 1,
    // The one locked dish (SPEC 4: a locked dish needs its lock code before adding to the cart).
    lockCode: '5821',
    tone: '#F08A1C',
    garnish: '#D9432F',
  },
  {
    id: 1305,
    slug: 'virgin-mojito',
    categoryId: 13,
    name: 'Мохито безалкогольный',
    price: rub(390),
    weight: '0,4 л',
    sostav: 'Лайм, мята, тростниковый сахар, содовая',
    cookTime: 3,
    tone: '#CDE7A0',
    garnish: '#8DC63F',
  },
  // 14 Хлеб и выпечка (shop)
  {
    id: 1401,
    slug: 'borodinsky-bread',
    categoryId: 14,
    name: 'Хлеб бородинский',
    price: rub(190),
    weight: '400 г',
    sostav: 'Ржаная мука, солод, кориандр, закваска',
    cookTime: 0,
    tone: '#5A2E1A',
    garnish: '#C9A46A',
  },
  {
    id: 1402,
    slug: 'sourdough-bread',
    categoryId: 14,
    name: 'Хлеб пшеничный на закваске',
    price: rub(240),
    weight: '500 г',
    sostav: 'Пшеничная мука, вода, закваска, соль',
    cookTime: 0,
  },
  {
    id: 1403,
    slug: 'baguette',
    categoryId: 14,
    name: 'Багет',
    price: rub(150),
    weight: '250 г',
    sostav: 'Пшеничная мука, вода, дрожжи, соль',
    cookTime: 0,
    tone: '#D08E3E',
  },
  {
    id: 1404,
    slug: 'croissant',
    categoryId: 14,
    name: 'Круассан',
    price: rub(160),
    weight: '70 г',
    sostav: 'Слоёное тесто на сливочном масле',
    cookTime: 0,
    options: [choice('Классический'), choice('С миндалём', rub(60)), choice('С шоколадом', rub(40))],
    tone: '#E0A04A',
  },
  {
    id: 1405,
    slug: 'cinnamon-bun',
    categoryId: 14,
    name: 'Булочка с корицей',
    price: rub(170),
    weight: '110 г',
    sostav: 'Сдобное тесто, корица, сливочная глазурь',
    cookTime: 0,
    tone: '#C27A3A',
    garnish: '#FFF4E0',
  },
  {
    id: 1406,
    slug: 'cabbage-pirozhok',
    categoryId: 14,
    name: 'Пирожок с капустой',
    price: rub(120),
    weight: '100 г',
    sostav: 'Дрожжевое тесто, тушёная капуста, морковь, лук',
    cookTime: 0,
    tone: '#D9963F',
  },
  {
    id: 1407,
    slug: 'fish-kulebyaka',
    categoryId: 14,
    name: 'Кулебяка с рыбой, целая',
    price: rub(890),
    weight: '900 г',
    sostav: 'Дрожжевое тесто, лосось, судак, рис, яйцо, зелень',
    moreIngredients: 'Заказ за сутки. Аллергены: глютен, рыба, яйцо.',
    cookTime: 40,
    tone: '#B9722F',
  },
  // 15 Бакалея (shop)
  {
    id: 1501,
    slug: 'pizza-sauce-jar',
    categoryId: 15,
    name: 'Томатный соус для пиццы',
    price: rub(390),
    weight: '350 г',
    sostav: 'Томаты сан-марцано, оливковое масло, соль, базилик',
    cookTime: 0,
  },
  {
    id: 1502,
    slug: 'adjika',
    categoryId: 15,
    name: 'Аджика домашняя',
    price: rub(320),
    weight: '200 г',
    sostav: 'Томаты, сладкий перец, чеснок, перец чили, хмели-сунели',
    cookTime: 0,
    tone: '#A8321F',
    garnish: '#3A5A2A',
  },
  {
    id: 1503,
    slug: 'lingonberry-jam',
    categoryId: 15,
    name: 'Варенье брусничное',
    price: rub(450),
    weight: '300 г',
    sostav: 'Брусника, сахар',
    cookTime: 0,
    tone: '#8E1B2E',
    garnish: '#C9A46A',
  },
  {
    id: 1504,
    slug: 'olive-oil',
    categoryId: 15,
    name: 'Масло оливковое Extra Virgin',
    price: rub(990),
    weight: '0,5 л',
    sostav: 'Оливковое масло первого холодного отжима, Греция',
    cookTime: 0,
    tone: '#B5A22A',
    garnish: '#3A5A2A',
  },
  {
    id: 1505,
    slug: 'linden-honey',
    categoryId: 15,
    name: 'Мёд липовый',
    price: rub(690),
    weight: '350 г',
    sostav: 'Липовый мёд, Башкирия',
    cookTime: 0,
    tone: '#E8A628',
    garnish: '#8C5A2E',
  },
  {
    id: 1506,
    slug: 'pizza-flour',
    categoryId: 15,
    name: 'Мука для пиццы «Типо 00»',
    price: rub(290),
    weight: '1 кг',
    sostav: 'Пшеничная мука высшего сорта тонкого помола',
    cookTime: 0,
    tone: '#F4ECDC',
    garnish: '#C9A46A',
  },
  // 16 Пельмени и заготовки (shop)
  {
    id: 1601,
    slug: 'frozen-pelmeni',
    categoryId: 16,
    name: 'Пельмени замороженные, 1 кг',
    price: rub(890),
    weight: '1 кг',
    sostav: 'Мясной фарш, тесто из муки, воды и яиц',
    moreIngredients: 'Хранить при −18 °C. Варить 7 минут после всплытия.',
    cookTime: 0,
    options: [choice('Говядина и свинина'), choice('Говядина', rub(100)), choice('Индейка', rub(60))],
  },
  {
    id: 1602,
    slug: 'frozen-vareniki',
    categoryId: 16,
    name: 'Вареники с картофелем и грибами',
    price: rub(590),
    weight: '800 г',
    sostav: 'Картофель, шампиньоны, лук, тесто',
    moreIngredients: 'Хранить при −18 °C.',
    cookTime: 0,
    tone: '#F3E3C3',
  },
  {
    id: 1603,
    slug: 'pizza-dough',
    categoryId: 16,
    name: 'Тесто для пиццы, 2 шт',
    price: rub(290),
    weight: '2 × 250 г',
    sostav: 'Мука «Типо 00», вода, дрожжи, оливковое масло, соль; 48 часов ферментации',
    moreIngredients: 'Хранить при −18 °C. Разморозить за 4 часа до выпечки.',
    cookTime: 0,
    motif: 'bread',
    tone: '#F1DDB0',
    garnish: '#D9B77A',
  },
  {
    id: 1604,
    slug: 'frozen-syrniki',
    categoryId: 16,
    name: 'Сырники замороженные',
    price: rub(450),
    weight: '500 г',
    sostav: 'Творог, яйцо, мука, сахар',
    moreIngredients: 'Хранить при −18 °C. Жарить 4 минуты с каждой стороны.',
    cookTime: 0,
    motif: 'dessert',
    tone: '#E7B36A',
  },
  {
    id: 1605,
    slug: 'frozen-khinkali',
    categoryId: 16,
    name: 'Хинкали замороженные, 1 кг',
    price: rub(790),
    weight: '1 кг',
    sostav: 'Говядина, баранина, кинза, лук, тесто',
    moreIngredients: 'Хранить при −18 °C. Варить 12 минут.',
    cookTime: 0,
    tone: '#EBD6B0',
  },
];

// --- stop list, cutlery, recommendations (SPEC 3, 5) ---------------------------------------------

export interface DemoStopListEntry {
  restaurantId: number;
  dishSlug: string;
  reason: string;
}

export const DEMO_STOP_LIST: DemoStopListEntry[] = [
  { restaurantId: 1, dishSlug: 'mushroom-truffle-pizza', reason: 'Закончились белые грибы, ждём поставку' },
  { restaurantId: 1, dishSlug: 'burrata-tomatoes', reason: 'Не привезли буррату' },
  { restaurantId: 2, dishSlug: 'ribeye', reason: 'Нет мраморной говядины' },
  { restaurantId: 2, dishSlug: 'sea-buckthorn-tea', reason: 'Закончилась облепиха' },
  { restaurantId: 3, dishSlug: 'seafood-pasta', reason: 'Нет креветок' },
  { restaurantId: 3, dishSlug: 'fish-kulebyaka', reason: 'Распродана, новая будет завтра к 10:00' },
  { restaurantId: 5, dishSlug: 'lasagna', reason: 'Готовим новую партию, будет к 18:00' },
  { restaurantId: 6, dishSlug: 'croissant', reason: 'Распроданы — следующая выпечка в 7:30' },
  { restaurantId: 6, dishSlug: 'frozen-syrniki', reason: 'Нет в морозильной витрине' },
  { restaurantId: 7, dishSlug: 'roll-set', reason: 'Нет угря' },
];

export interface DemoCutleryItem {
  id: number;
  name: string;
  price: number;
  /** Pieces given free; only the quantity above is charged (SPEC 5). */
  freeCnt: number;
  max: number;
  orderTypes: OrderType[];
}

export const DEMO_CUTLERY: DemoCutleryItem[] = [
  { id: 1, name: 'Палочки для суши', price: rub(10), freeCnt: 2, max: 10, orderTypes: ['self', 'delivery'] },
  {
    id: 2,
    name: 'Набор приборов: вилка, нож, салфетка',
    price: rub(15),
    freeCnt: 1,
    max: 10,
    orderTypes: ['self', 'delivery'],
  },
  { id: 3, name: 'Влажные салфетки', price: rub(5), freeCnt: 2, max: 20, orderTypes: ['inrest', 'self', 'delivery'] },
  {
    id: 4,
    name: 'Детский набор: ложка и нагрудник',
    price: rub(40),
    freeCnt: 0,
    max: 4,
    orderTypes: ['inrest', 'self', 'delivery'],
  },
  { id: 5, name: 'Фирменный пакет', price: rub(19), freeCnt: 0, max: 5, orderTypes: ['self', 'delivery'] },
];

export interface DemoRecommendedItem {
  id: number;
  dishSlug: string;
  freeCnt: number;
  /** Shown apart from the sauces, under their own heading (cartRecommends `separated`). */
  separated: boolean;
  orderTypes: OrderType[];
}

const ALL_ORDER_TYPES: OrderType[] = [...ORDER_TYPES];

export const DEMO_RECOMMENDED: DemoRecommendedItem[] = [
  { id: 1, dishSlug: 'cheese-sauce', freeCnt: 0, separated: false, orderTypes: ALL_ORDER_TYPES },
  { id: 2, dishSlug: 'tomato-basil-sauce', freeCnt: 0, separated: false, orderTypes: ALL_ORDER_TYPES },
  { id: 3, dishSlug: 'garlic-sauce', freeCnt: 0, separated: false, orderTypes: ALL_ORDER_TYPES },
  { id: 4, dishSlug: 'soy-sauce', freeCnt: 1, separated: false, orderTypes: ['self', 'delivery'] },
  { id: 5, dishSlug: 'ginger-wasabi', freeCnt: 1, separated: false, orderTypes: ['self', 'delivery'] },
  { id: 6, dishSlug: 'cranberry-mors', freeCnt: 0, separated: true, orderTypes: ALL_ORDER_TYPES },
  { id: 7, dishSlug: 'tarragon-lemonade', freeCnt: 0, separated: true, orderTypes: ALL_ORDER_TYPES },
  { id: 8, dishSlug: 'kvass', freeCnt: 0, separated: true, orderTypes: ['inrest', 'self'] },
  { id: 9, dishSlug: 'honey-cake', freeCnt: 0, separated: true, orderTypes: ALL_ORDER_TYPES },
];

// --- coupons (SPEC 7 /order/discount; SPEC 5 discount) -------------------------------------------

export interface DemoCoupon {
  id: number;
  code: string;
  title: string;
  /** Positive: a discount; negative: a markup. */
  percent: number;
  activeFrom: string;
  activeTo: string;
  orderTypes: OrderType[];
  restaurantIds: number[] | null;
  minSum: number;
  oncePerUser: boolean;
  active: boolean;
  /** What the coupon is there to exercise; not stored. */
  exercises: string;
}

export const DEMO_COUPONS: DemoCoupon[] = [
  {
    id: 1,
    code: 'ZHAR10',
    title: 'Скидка 10% на всё меню',
    percent: 10,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'a plain discount, valid for years',
  },
  {
    id: 2,
    code: 'LETO2025',
    title: 'Летняя скидка 15%',
    percent: 15,
    activeFrom: '2025-06-01',
    activeTo: '2025-08-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'expired',
  },
  {
    id: 3,
    code: 'BOLSHOY',
    title: 'Скидка 15% на заказ от 3000 ₽',
    percent: 15,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: rub(3000),
    oncePerUser: false,
    active: true,
    exercises: 'a minimum order sum',
  },
  {
    id: 4,
    code: 'WELCOME20',
    title: 'Скидка 20% на первый заказ',
    percent: 20,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: 0,
    oncePerUser: true,
    active: true,
    exercises: 'once per user',
  },
  {
    id: 5,
    code: 'BAR12',
    title: 'Скидка 12% на Покровке и Патриарших',
    percent: 12,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: [1, 2],
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'some restaurants only',
  },
  {
    id: 6,
    code: 'SAMOVYVOZ',
    title: 'Скидка 10% на самовывоз',
    percent: 10,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ['self'],
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'one order type only',
  },
  {
    id: 7,
    code: 'NOCHNOY',
    title: 'Ночная доставка: наценка 10%',
    percent: -10,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ['delivery'],
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'a markup (negative percent)',
  },
  {
    id: 8,
    code: 'STAROE5',
    title: 'Архивная акция 5%',
    percent: 5,
    activeFrom: '2025-01-01',
    activeTo: '2030-12-31',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: false,
    exercises: 'switched off although within its dates',
  },
  {
    id: 9,
    code: 'NOVYGOD2031',
    title: 'Новогодняя скидка 20%',
    percent: 20,
    activeFrom: '2030-12-20',
    activeTo: '2031-01-10',
    orderTypes: ALL_ORDER_TYPES,
    restaurantIds: null,
    minSum: 0,
    oncePerUser: false,
    active: true,
    exercises: 'not started yet',
  },
];

// --- rating types (SPEC 3 Rating types; rateGetTypes) -------------------------------------------

export interface DemoRatingSection {
  id: number;
  name: string;
  items: Array<{ id: number; name: string }>;
}

export const DEMO_RATING_SECTIONS: DemoRatingSection[] = [
  {
    id: 1,
    name: 'Кухня',
    items: [
      { id: 1, name: 'Вкус' },
      { id: 2, name: 'Подача' },
      { id: 3, name: 'Свежесть продуктов' },
      { id: 4, name: 'Температура блюд' },
    ],
  },
  {
    id: 2,
    name: 'Сервис',
    items: [
      { id: 5, name: 'Скорость обслуживания' },
      { id: 6, name: 'Вежливость персонала' },
      { id: 7, name: 'Чистота зала' },
    ],
  },
  {
    id: 3,
    name: 'Доставка',
    items: [
      { id: 8, name: 'Скорость доставки' },
      { id: 9, name: 'Вежливость курьера' },
      { id: 10, name: 'Упаковка' },
    ],
  },
];

// --- dish labels (issue 31: the guest menu's filter) ---------------------------------------------

/**
 * The labels of the demo's dishes, by slug, as their composition and allergen notes say: enough
 * for «Вегетарианское», «Без орехов», «Без глютена», «Не острое» to change the menu. Dishes not
 * named carry none.
 */
export const DEMO_DISH_LABELS: Readonly<Record<string, readonly DishLabel[]>> = {
  margherita: ['vegetarian', 'gluten', 'milk'],
  pepperoni: ['spicy', 'gluten', 'milk'],
  'four-cheese': ['vegetarian', 'gluten', 'milk'],
  diavola: ['spicy', 'gluten', 'milk'],
  'vegetable-pizza': ['vegetarian', 'gluten', 'milk', 'nuts'],
  philadelphia: ['fish', 'milk'],
  california: ['crustaceans', 'eggs'],
  'spicy-tuna': ['spicy', 'fish'],
  'unagi-roll': ['fish', 'milk', 'sesame'],
  'vegetable-roll': ['vegan', 'vegetarian', 'sesame'],
  'tom-yum': ['spicy', 'crustaceans'],
  'greek-salad': ['vegetarian', 'milk'],
  'burrata-tomatoes': ['vegetarian', 'milk', 'nuts'],
  'warm-beef-salad': ['sesame', 'soy'],
  'seafood-pasta': ['gluten', 'crustaceans', 'molluscs'],
  'pesto-pasta': ['vegetarian', 'gluten', 'milk', 'nuts'],
  'honey-cake': ['vegetarian', 'gluten', 'eggs', 'milk', 'nuts'],
  'cranberry-mors': ['vegan', 'vegetarian'],
  'spicy-sauce': ['spicy', 'eggs', 'sesame'],
};
