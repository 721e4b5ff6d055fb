/**
 * The demo chain's texts and feedback topics (decision 024): the pages «О сети», «Условия
 * доставки» and «Оферта» (SPEC 2 «О компании») and the topics of SPEC 5 «Обратная связь».
 *
 * Every fact the texts state is written from the data, so the text says what the data and the
 * product do: the zones the chain delivers to (minimum sums, price, free-delivery sum, windows)
 * and the hours of the restaurants that deliver, from DEMO_ZONES and DEMO_RESTAURANTS; the zones
 * it does not deliver to now and why (an inactive restaurant, one without couriers, a switched-off
 * zone); the hotline's number and hours (DEMO_SETTINGS, DEMO_HOTLINE_HOURS); how long an unpaid
 * order waits for its payment (the domain's constants, decision 032).
 * Bodies use the page format of parsePageText (packages/domain): '## ' headings, '- ' list items,
 * paragraphs separated by blank lines.
 */
import { CHAIN_PAGE_SLUGS } from '@chain/contract';
import {
  AS_READY_PAYMENT_MINUTES,
  formatClock,
  formatMoney,
  KIOSK_PAYMENT_MINUTES,
  russianPlural,
} from '@chain/domain';
import type { ZonePeriod } from '../db/types';
import {
  BRAND,
  DEMO_HOTLINE_HOURS,
  DEMO_RESTAURANTS,
  DEMO_SETTINGS,
  DEMO_ZONES,
  type DemoRestaurant,
  type DemoScheduleDay,
  type DemoZone,
} from './demo-chain';

/** The legal entity behind the demo chain (invented; the numbers pass their check digits). */
export const DEMO_LEGAL_ENTITY = {
  name: 'Общество с ограниченной ответственностью «Жар-печь»',
  /** The name in the genitive: «оферта Общества …». */
  nameGenitive: 'Общества с ограниченной ответственностью «Жар-печь»',
  shortName: 'ООО «Жар-печь»',
  inn: '7703458125',
  kpp: '770301001',
  ogrn: '1217700458216',
  address: '123001, г. Москва, ул. Малая Бронная, д. 24, помещ. 1',
  email: 'info@zharpech.ru',
  privacyEmail: 'privacy@zharpech.ru',
} as const;

export interface DemoPage {
  slug: string;
  title: string;
  body: string;
}

const WEEKDAY_SHORT = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/** Weekdays 1…7 as Russian short names, runs of three or more joined: [1,2,3,4,7] → 'пн–чт, вс'. */
export function weekdaysText(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (days.length === 7) return 'ежедневно';
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number): string => WEEKDAY_SHORT[day - 1] ?? '';
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0] ?? 1)}–${name(run.at(-1) ?? 7)}`] : run.map(name)))
    .join(', ');
}

/** Minutes of the schedule day (past 1440 is the night after) as a clock reading: 1500 → '01:00'. */
function clock(minute: number): string {
  return formatClock(minute % 1440);
}

/** A restaurant's hours: 'пн–чт, вс 10:00–23:00; пт, сб 10:00–01:00', 'ежедневно 10:00–22:30' or 'круглосуточно'. */
export function scheduleText(schedule: readonly DemoScheduleDay[]): string {
  const groups = new Map<string, number[]>();
  for (const day of schedule) {
    const key = `${day.fromMinute}-${day.toMinute}`;
    groups.set(key, [...(groups.get(key) ?? []), day.weekday]);
  }
  return [...groups.entries()]
    .map(([key, weekdays]) => {
      const [from, to] = key.split('-').map(Number) as [number, number];
      const hoursText = to - from >= 1440 ? 'круглосуточно' : `${clock(from)}–${clock(to)}`;
      return weekdays.length === 7 && hoursText === 'круглосуточно'
        ? hoursText
        : `${weekdaysText(weekdays)} ${hoursText}`;
    })
    .join('; ');
}

/** A zone's windows grouped by their days: 'ежедневно 11:00–13:00, 13:00–15:00; пт, сб 21:00–23:00'. */
export function periodsText(periods: readonly ZonePeriod[]): string {
  const groups = new Map<string, string[]>();
  for (const period of periods) {
    const weekdays = period.days.flatMap((on, index) => (on ? [index + 1] : []));
    const key = weekdaysText(weekdays);
    groups.set(key, [...(groups.get(key) ?? []), `${period.from}–${period.to}`]);
  }
  return [...groups.entries()].map(([days, windows]) => `${days} ${windows.join(', ')}`).join('; ');
}

/** A sum in prose: whole roubles as '1000 ₽', otherwise the SPEC 9 form '149,50 ₽'. */
export function sumText(kopecks: number): string {
  return kopecks % 100 === 0 ? `${kopecks / 100} ₽` : formatMoney(kopecks);
}

function restaurantOf(zone: DemoZone, restaurants: readonly DemoRestaurant[] = DEMO_RESTAURANTS): DemoRestaurant {
  const restaurant = restaurants.find((candidate) => candidate.id === zone.restaurantId);
  if (!restaurant) throw new Error(`demo content: zone ${zone.id} has no restaurant ${zone.restaurantId}`);
  return restaurant;
}

/** Whether guests can order delivery to a zone: active, of an active restaurant that delivers. */
function isServed(zone: DemoZone, restaurants: readonly DemoRestaurant[]): boolean {
  const restaurant = restaurantOf(zone, restaurants);
  return zone.active && restaurant.active && restaurant.deliveryCourier;
}

/** The zones guests can order delivery to: active, of an active restaurant that delivers. */
export function servedZones(): DemoZone[] {
  return DEMO_ZONES.filter((zone) => isServed(zone, DEMO_RESTAURANTS));
}

/** Names in quotes joined as Russian lists them: «А», «Б» и «В». */
function quotedList(names: readonly string[]): string {
  const quoted = names.map((name) => `«${name}»`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} и ${quoted.at(-1) ?? ''}`;
}

/**
 * The zones the chain has but does not deliver to now, and why, from the data: a restaurant that
 * does not work (inactive), one that has no couriers now, or a zone switched off. '' when every
 * zone is served.
 */
export function notServedText(
  restaurants: readonly DemoRestaurant[] = DEMO_RESTAURANTS,
  zones: readonly DemoZone[] = DEMO_ZONES,
): string {
  const unserved = zones.filter((zone) => !isServed(zone, restaurants));
  const zonesWord = (of: readonly DemoZone[]) => (of.length === 1 ? 'зону' : 'зоны');
  const sentences = restaurants.flatMap((restaurant) => {
    const ofRestaurant = unserved.filter((zone) => zone.restaurantId === restaurant.id);
    if (ofRestaurant.length === 0) return [];
    const names = quotedList(ofRestaurant.map((zone) => zone.name));
    if (!restaurant.active)
      return [
        `Ресторан «${restaurant.name}» сейчас не работает, поэтому в ${zonesWord(ofRestaurant)} ${names} мы не доставляем.`,
      ];
    if (!restaurant.deliveryCourier)
      return [
        `Ресторан «${restaurant.name}» сейчас не доставляет заказы курьером, поэтому в ${zonesWord(ofRestaurant)} ${names} мы не доставляем.`,
      ];
    return [
      ofRestaurant.length === 1
        ? `Зона ${names} временно не обслуживается.`
        : `Зоны ${names} временно не обслуживаются.`,
    ];
  });
  return sentences.join(' ');
}

/** The hotline's number and hours: '+7 495 212-37-37, ежедневно с 09:00 до 23:00'. */
export function hotlineText(): string {
  return `${DEMO_SETTINGS.hotline}, ежедневно с ${formatClock(DEMO_HOTLINE_HOURS.fromMinute)} до ${formatClock(DEMO_HOTLINE_HOURS.toMinute)}`;
}

/** How long an unpaid order waits for its payment and what comes after (the domain's rule, decision 032). */
export function unpaidOrderText(): string {
  return (
    'Неоплаченный заказ не готовится. Оплатить его можно позже на странице заказа: заказ ко времени — до выбранного времени (доставку с интервалом — до начала интервала), ' +
    `заказ «как можно скорее» — в течение ${AS_READY_PAYMENT_MINUTES} ${russianPlural(AS_READY_PAYMENT_MINUTES, MINUTE_FORMS)} после оформления, а в киоске — ${KIOSK_PAYMENT_MINUTES} ${russianPlural(KIOSK_PAYMENT_MINUTES, MINUTE_FORMS)}, но не позже закрытия ресторана. ` +
    'Потом заказ отменяется сам; если оплата, начатая раньше, прошла уже после отмены, деньги возвращаются тем же способом.'
  );
}

/** One list item of the delivery terms: everything a guest needs to know about a zone. */
export function zoneTermsText(zone: DemoZone): string {
  const restaurant = restaurantOf(zone);
  const minimum =
    zone.minOrderSumShop === zone.minOrderSumRest
      ? `Минимальная сумма заказа ${sumText(zone.minOrderSumRest)}.`
      : `Минимальная сумма заказа ${sumText(zone.minOrderSumRest)}, с товарами магазина — ${sumText(zone.minOrderSumShop)}.`;
  const price =
    zone.freeDeliveryFrom === null
      ? `Доставка ${sumText(zone.deliveryPrice)} при любой сумме заказа.`
      : `Доставка ${sumText(zone.deliveryPrice)}, от ${sumText(zone.freeDeliveryFrom)} — бесплатно.`;
  const when =
    zone.periods.length === 0
      ? `Привезём как можно скорее, пока ресторан открыт: ${scheduleText(restaurant.schedule)}.`
      : `Интервалы доставки: ${periodsText(zone.periods)}. Интервал на сегодня можно выбрать не позднее чем за ${zone.timeLimit} минут до его начала.`;
  return `«${zone.name}» — из ресторана «${restaurant.name}» (${restaurant.address.replace(/^Москва, /, '')}). ${minimum} ${price} ${when}`;
}

/** The restaurants that deliver: name, hours and how many days ahead delivery can be ordered. */
function deliveringRestaurantText(restaurant: DemoRestaurant): string {
  const ahead =
    restaurant.deliveryDaysTrue === 0
      ? 'заказ только на сегодня'
      : `заказ на сегодня и на ${restaurant.deliveryDaysTrue} ${russianPlural(restaurant.deliveryDaysTrue, DAY_FORMS)} вперёд`;
  return `${restaurant.name}, ${restaurant.address.replace(/^Москва, /, '')}: ${scheduleText(restaurant.schedule)}; ${ahead}; телефон ${restaurant.phone}.`;
}

const DAY_FORMS = ['день', 'дня', 'дней'] as const;
const MINUTE_FORMS = ['минуты', 'минут', 'минут'] as const;

/** Blocks of a page body: a blank line between blocks, list items ('- ') of one list on lines of their own. */
function joinBlocks(blocks: string[]): string {
  return blocks.reduce((body, block, index) => {
    if (index === 0) return block;
    const together = block.startsWith('- ') && (blocks[index - 1] ?? '').startsWith('- ');
    return `${body}${together ? '\n' : '\n\n'}${block}`;
  }, '');
}

function deliveryBody(): string {
  const zones = servedZones();
  const restaurants = DEMO_RESTAURANTS.filter((restaurant) =>
    zones.some((zone) => zone.restaurantId === restaurant.id),
  );
  return joinBlocks([
    `Курьеры сети «${BRAND.name}» привозят заказы из ресторанов сети по Москве в пределах зон доставки. Зону определяет адрес: укажите его на карте при оформлении заказа, и приложение само выберет ресторан, который привезёт заказ, покажет минимальную сумму и стоимость доставки.`,
    '## Зоны, суммы и стоимость доставки',
    zones.map((zone) => `- ${zoneTermsText(zone)}`).join('\n'),
    'Минимальная сумма и порог бесплатной доставки считаются по стоимости блюд в корзине до скидки по промокоду и без стоимости доставки. Товары магазина — хлеб, бакалея и заготовки из разделов магазина в меню: если они есть в заказе, действует минимальная сумма для заказа с товарами магазина.',
    'Актуальные зоны, суммы и часы всегда показаны в таблице под этим текстом: она строится из тех же данных, по которым приложение принимает заказы. Если цифры в тексте и в таблице разойдутся, действует таблица.',
    '## Рестораны, которые доставляют',
    restaurants.map((restaurant) => `- ${deliveringRestaurantText(restaurant)}`).join('\n'),
    ...[notServedText()].filter((text) => text !== ''),
    '## Когда привезём',
    'В зонах с интервалами доставки выберите дату и интервал при оформлении заказа — курьер приедет в выбранный интервал. В зоне без интервалов заказ готовят сразу после оплаты и привозят как можно скорее. Далеко вперёд заказать нельзя: каждый ресторан принимает заказы на сегодня и на несколько дней вперёд, как указано выше.',
    'Заказ начинают готовить только после оплаты. Где он сейчас — принят, готовится, в пути, доставлен, — видно на странице заказа в разделе «Мои заказы»: статус меняется сам, страницу обновлять не нужно.',
    unpaidOrderText(),
    '## Оплата',
    '- Банковской картой в приложении: на защищённой странице банка. Данные карты вводятся на стороне банка, мы их не получаем и не храним.',
    '- Через Систему быстрых платежей (СБП): в приложении вашего банка по ссылке или QR-коду.',
    'Наличными и картой курьеру оплатить нельзя. Чек заказа — состав, суммы и отметка об оплате — приходит после оплаты на почту, указанную при оформлении, и всегда доступен на странице заказа.',
    '## Если курьер опаздывает',
    `Если заказ не привезли до конца выбранного интервала или заказ «как можно скорее» задерживается, позвоните на горячую линию ${DEMO_SETTINGS.hotline}: скажем, где курьер, а если курьер опоздал больше чем на 30 минут после конца интервала, вернём стоимость доставки на карту или счёт, с которого оплачен заказ. Если в заказе чего-то не хватает или блюдо пострадало в дороге, сообщите об этом в течение суток через раздел «Обратная связь» или по телефону — привезём недостающее или вернём деньги за него.`,
    '## Как передаём заказ',
    'Курьер звонит, когда подъезжает, и передаёт заказ у двери квартиры или офиса. Чтобы курьер нашёл вас быстрее, укажите подъезд, этаж, квартиру и код домофона в адресе. Если до вас не удаётся дозвониться 15 минут, курьер возвращает заказ в ресторан, а мы связываемся с вами, чтобы договориться о новой доставке.',
    '## Контакты',
    `- Горячая линия: ${hotlineText()}`,
    `- Почта: ${DEMO_LEGAL_ENTITY.email}`,
    `- ${DEMO_LEGAL_ENTITY.shortName}, ИНН ${DEMO_LEGAL_ENTITY.inn}, ОГРН ${DEMO_LEGAL_ENTITY.ogrn}`,
  ]);
}

function offerBody(): string {
  const e = DEMO_LEGAL_ENTITY;
  return joinBlocks([
    `Редакция от 1 ноября 2026 года. Этот документ — публичная оферта ${e.nameGenitive} (${e.shortName}, ОГРН ${e.ogrn}, ИНН ${e.inn}), далее — Продавец, любому дееспособному лицу, далее — Покупатель, заключить договор розничной купли-продажи блюд и товаров ресторанов сети «${BRAND.name}» дистанционным способом на условиях ниже (статьи 435, 437 и 497 Гражданского кодекса Российской Федерации, Закон «О защите прав потребителей»).`,
    '## 1. Термины',
    '- Приложение — сайт и мобильное приложение сети «Жар-печь», через которые оформляются заказы.',
    '- Заказ — блюда и товары, которые Покупатель выбрал в Приложении, со способом получения, временем и суммой.',
    '- Ресторан — заведение сети, которое готовит и выдаёт заказ; его адрес и часы работы указаны в Приложении.',
    '- Товары магазина — хлеб, бакалея, полуфабрикаты и заготовки из разделов магазина в меню.',
    '## 2. Заключение договора',
    'Договор заключён с момента оплаты заказа: оплата — это полное и безоговорочное принятие (акцепт) оферты. До оплаты заказ никого ни к чему не обязывает: неоплаченный заказ не готовится, а когда время на его оплату выходит (раздел 4), отменяется сам. Оформляя заказ, Покупатель подтверждает, что ознакомился с офертой, условиями доставки и составом блюд.',
    'Продавец вправе изменить оферту, опубликовав новую редакцию в Приложении. К оплаченному заказу применяется редакция, действовавшая в момент оплаты.',
    '## 3. Оформление заказа',
    'Покупатель выбирает ресторан и способ получения, блюда, время, указывает имя и телефон, а для доставки — адрес. Описание, вес и фотографии блюд в Приложении носят справочный характер: блюдо может незначительно отличаться от фотографии. Сведения о составе и аллергенах указаны в карточке блюда; при аллергии уточните состав по телефону ресторана до оплаты.',
    'Алкогольные напитки продаются только лицам старше 18 лет; ресторан вправе попросить документ, удостоверяющий возраст, и при его отсутствии не выдать напиток, вернув его стоимость.',
    '## 4. Цены и оплата',
    'Цены указаны в рублях и включают НДС. Цена заказа фиксируется в момент его оформления. Скидка по промокоду применяется на условиях, указанных при его выдаче, и не суммируется с другими скидками.',
    'Заказ оплачивается в Приложении целиком и заранее одним из способов:',
    '- банковской картой (Мир, Visa, Mastercard) на платёжной странице банка-эквайера; данные карты обрабатывает банк по стандарту PCI DSS, Продавец их не получает;',
    '- через Систему быстрых платежей (СБП) в приложении банка Покупателя.',
    'Покупатель может сохранить карту для следующих оплат: её данные хранит банк, а Продавец получает только маскированный номер; чтобы отвязать карту, напишите на почту или позвоните на горячую линию.',
    unpaidOrderText(),
    'Если при оформлении заказа указана почта, после оплаты на неё приходит чек заказа — состав, суммы и отметка об оплате; чек также всегда доступен на странице заказа.',
    '## 5. Способы получения',
    '- Доставка курьером по адресу в пределах зоны доставки ресторана. Минимальная сумма, стоимость доставки и интервалы указаны в разделе «Условия доставки», который является частью этой оферты.',
    '- Самовывоз из ресторана в выбранное время. Заказ хранится в ресторане 30 минут после готовности; чтобы получить его, назовите номер заказа.',
    '- Заказ к столу в ресторане: по QR-коду на столе или через киоск. Блюда подают к столу, номер которого указан в заказе.',
    '## 6. Отмена заказа и возврат денег',
    'Покупатель может отказаться от заказа до его оплаты — заказ просто не будет приготовлен. Оплаченный заказ можно отменить, пока ресторан не начал его готовить: позвоните в ресторан или на горячую линию. После начала приготовления отмена возможна только по договорённости с рестораном, так как готовые блюда — скоропортящийся товар, изготовленный по заказу Покупателя.',
    'Если ресторан не может выполнить оплаченный заказ или его часть (нет продуктов, закрыт ресторан, адрес вне зоны доставки), Продавец отменяет заказ или его часть и возвращает деньги.',
    'Деньги возвращаются тем же способом, которым был оплачен заказ: на карту или на счёт, с которого прошёл платёж по СБП. Продавец отправляет возврат в течение 1 рабочего дня; срок зачисления зависит от банка Покупателя и обычно не превышает 10 рабочих дней.',
    'Претензии к качеству блюд принимаются при получении заказа или в течение суток через раздел «Обратная связь», по телефону или почте. Если блюдо ненадлежащего качества, Продавец заменяет его или возвращает его стоимость.',
    '## 7. Ответственность',
    'Продавец отвечает за качество и безопасность блюд и товаров, соответствие заказа оплаченному и соблюдение сроков в пределах, указанных в Приложении. Продавец не отвечает за задержки, вызванные неверным адресом или телефоном, отсутствием Покупателя в месте доставки, а также обстоятельствами непреодолимой силы. Ответственность Продавца по заказу ограничена его стоимостью, кроме случаев, когда закон прямо устанавливает иное.',
    'Покупатель отвечает за верность указанных данных и за то, что по указанному адресу заказ может принять он сам или другой человек от его имени.',
    '## 8. Персональные данные',
    'Оформляя заказ или профиль, Покупатель соглашается на обработку своих персональных данных Продавцом по Федеральному закону «О персональных данных» № 152-ФЗ: имени, телефона, адреса электронной почты, адресов доставки, истории заказов и отзывов. Данные нужны, чтобы принять, приготовить, доставить и оплатить заказ, направить чек, ответить на обращения и улучшать работу ресторанов. Данные хранятся на серверах в Российской Федерации и передаются только тем, кто участвует в выполнении заказа: банку для оплаты, почтовому сервису — чтобы доставить чек, службе чаевых — при их оплате, в объёме, необходимом для этой цели.',
    `Покупатель может в любой момент изменить данные в профиле или удалить аккаунт в Приложении — тогда имя, контакты и адреса удаляются, а в учётных документах ресторана остаются только сведения о заказах без указания на Покупателя. Запросы о персональных данных принимаются по адресу ${e.privacyEmail}; ответ направляется в течение 10 рабочих дней.`,
    '## 9. Споры',
    'Споры решаются переговорами; срок ответа на письменную претензию — 10 рабочих дней. Если договориться не удалось, спор рассматривается в суде по правилам законодательства Российской Федерации и Закона «О защите прав потребителей».',
    '## 10. Реквизиты и контакты',
    `- ${e.name}`,
    `- ОГРН ${e.ogrn}, ИНН ${e.inn}, КПП ${e.kpp}`,
    `- Адрес: ${e.address}`,
    `- Горячая линия: ${hotlineText()}`,
    `- Почта: ${e.email}`,
  ]);
}

function aboutBody(): string {
  return joinBlocks([
    `«${BRAND.name}» — московская сеть ресторанов и пекарен, где всё главное готовится в дровяной печи: пицца на тонком тесте, горячее, хлеб и выпечка. Печь в каждом ресторане топим берёзой и дубом, тесто ставим накануне и даём ему созреть сутки.`,
    'У каждого ресторана свой характер: флагман с верандой на Патриарших, гастробар на Покровке, семейный ресторан с пекарней в Замоскворечье, камерный зал у театра на Таганке, круглосуточный зал на Тверской и окно выдачи у Курского вокзала.',
    'Закажите в приложении так, как вам удобно:',
    '- с доставкой домой или в офис;',
    '- навынос, чтобы забрать без очереди в удобное время;',
    '- к столу прямо в ресторане — по QR-коду на столе, без ожидания официанта;',
    '- забронируйте стол заранее.',
    `Мы рады вашим отзывам и идеям: напишите нам в разделе «Обратная связь» или позвоните на горячую линию ${DEMO_SETTINGS.hotline}.`,
  ]);
}

/** The demo chain's pages, by the slugs the app links to. */
export function demoPages(): DemoPage[] {
  return [
    { slug: CHAIN_PAGE_SLUGS.about, title: 'О сети', body: aboutBody() },
    { slug: CHAIN_PAGE_SLUGS.delivery, title: 'Условия доставки', body: deliveryBody() },
    { slug: CHAIN_PAGE_SLUGS.offer, title: 'Оферта', body: offerBody() },
  ];
}

export interface DemoFeedbackTopic {
  name: string;
  items: string[];
}

/** The chain's feedback topics (SPEC 5 «Обратная связь»: category, then item). */
export const DEMO_FEEDBACK_TOPICS: DemoFeedbackTopic[] = [
  {
    name: 'Качество блюд',
    items: ['Вкус', 'Температура подачи', 'Порция и вес', 'Свежесть продуктов', 'Посторонний предмет в блюде'],
  },
  { name: 'Обслуживание', items: ['Официант или кассир', 'Время ожидания', 'Чистота в зале', 'Бронирование стола'] },
  {
    name: 'Доставка',
    items: ['Опоздание курьера', 'Вежливость курьера', 'Упаковка', 'Не хватает блюда', 'Зона и стоимость доставки'],
  },
  {
    name: 'Приложение и оплата',
    items: ['Ошибка в приложении', 'Оплата картой', 'Оплата по СБП', 'Возврат денег', 'Вход и профиль'],
  },
  { name: 'Предложение', items: ['Идея для меню', 'Идея для приложения', 'Сотрудничество'] },
];
