import type { Kysely } from 'kysely';
import { AS_READY_TEXT, formatMoney, ORDER_STATUS, orderTypeTitle, PAID_TEXT, UNPAID_TEXT } from '@chain/domain';
import type { Database, OrderType, PayMethod } from '../../db/types';
import { findChainBrand, findOrder, findOrderLines } from './repository';
import { addressText, displayTime, lineSpec, lineSpecs } from './service';

/** What the receipt shows; every text is plain and escaped when rendered. */
export interface ReceiptData {
  chainName: string;
  /** The brand colour ('#RRGGBB', settings brand_color) of the receipt's top edge; '' for none. */
  brandColor: string;
  restaurant: { name: string; address: string; phone: string };
  orderId: number;
  znumber: string;
  createdText: string;
  type: OrderType;
  table: string;
  deliveryAddress: string;
  /** 'По готовности' or the chosen date and time. */
  readyText: string;
  comment: string;
  lines: Array<{
    name: string;
    spec: { name: string; price: number } | null;
    specs: Array<{ name: string; price: number; cnt: number }>;
    cnt: number;
    price: number;
    sum: number;
    comment: string;
  }>;
  extras: Array<{
    title: string;
    lines: Array<{ name: string; cnt: number; chargedCnt: number; price: number; sum: number }>;
  }>;
  sums: { items: number; cutlery: number; recommended: number; discount: number; delivery: number; total: number };
  discountPercent: number;
  paid: boolean;
  paidText: string;
  payMethod: PayMethod;
  cancelled: boolean;
}

const PAY_METHODS: Record<PayMethod, string> = { sbp: 'через СБП', card: 'банковской картой' };

/** The receipt's figures of one order, or undefined when there is no such order. */
export async function loadReceipt(db: Kysely<Database>, orderId: number): Promise<ReceiptData | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const lines = await findOrderLines(db, [order.id]);
  const props: Record<string, unknown> = typeof order.props === 'object' && order.props !== null ? order.props : {};
  const zone = order.restaurant_time_zone;
  const when = [props.deliveryDate, props.deliveryTime]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
  const extra = (kind: 'cutlery' | 'recommended') =>
    lines
      .filter((line) => line.kind === kind)
      .map((line) => ({
        name: line.name,
        cnt: line.cnt,
        chargedCnt: line.charged_cnt,
        price: line.price,
        sum: line.line_sum,
      }));
  return {
    ...(await findChainBrand(db)),
    restaurant: { name: order.restaurant_name, address: order.restaurant_address, phone: order.restaurant_phone },
    orderId: order.id,
    znumber: order.znumber,
    createdText: displayTime(order.created_at, zone),
    type: order.type,
    table: order.table_num ?? '',
    deliveryAddress: order.type === 'delivery' ? addressText(props.address) : '',
    readyText: order.as_ready || when === '' ? AS_READY_TEXT : when,
    comment: order.comment,
    lines: lines
      .filter((line) => line.kind === 'dish')
      .map((line) => {
        const spec = lineSpec(line.spec);
        return {
          name: line.name,
          spec: spec && spec.name !== '' ? { name: spec.name, price: spec.price } : null,
          specs: lineSpecs(line.specs).filter((option) => option.cnt > 0),
          cnt: line.cnt,
          price: line.price,
          sum: line.line_sum,
          comment: line.comment,
        };
      }),
    extras: [
      { title: 'Приборы', lines: extra('cutlery') },
      { title: 'Рекомендуем к заказу', lines: extra('recommended') },
    ].filter((group) => group.lines.length > 0),
    sums: {
      items: order.items_sum,
      cutlery: order.cutlery_sum,
      recommended: order.recommended_sum,
      discount: order.discount_sum,
      delivery: order.delivery_sum,
      total: order.sum,
    },
    discountPercent: order.discount_percent,
    paid: order.paid,
    paidText: order.paid && order.paid_at ? displayTime(order.paid_at, zone) : '',
    payMethod: order.pay_method,
    cancelled: order.status === ORDER_STATUS.cancelled,
  };
}

/** A percentage as a Russian reads it: 10 → '10', 12.5 → '12,5'. */
function percentText(percent: number): string {
  return String(Math.abs(percent)).replace('.', ',');
}

/** One portion of a line with its options, so that quantity × portion = the line's sum (SPEC 5 cart total). */
function portionPrice(line: ReceiptData['lines'][number]): number {
  return line.price + line.specs.reduce((sum, option) => sum + option.price * option.cnt, 0);
}

/** '−150,00 ₽' with a real minus sign. */
function minus(kopecks: number): string {
  return `\u2212${formatMoney(Math.abs(kopecks))}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text that may break between words only ('21.11.2026 15:00-16:00' never breaks at the hyphen). */
function words(html: string): string {
  return html
    .split(' ')
    .map((word) => `<span class="word">${word}</span>`)
    .join(' ');
}

/** One row: a label on the left, an amount on the right that never wraps. */
function row(label: string, amount: string, className = ''): string {
  return `<div class="row${className ? ` ${className}` : ''}"><span>${label}</span><span class="amount">${amount}</span></div>`;
}

/**
 * The receipt page: Russian, printable, self-contained (inline styles, no scripts, no outside
 * assets). Money through the domain's formatMoney (SPEC 9: '1234,50 ₽').
 */
export function renderReceipt(data: ReceiptData): string {
  const e = escapeHtml;
  const title = `Заказ № ${data.znumber}`;
  const details = [
    row('Дата и время', words(e(data.createdText)), 'detail'),
    row('Тип заказа', e(orderTypeTitle(data.type)), 'detail'),
    data.table !== '' ? row('Стол', `№ ${e(data.table)}`, 'detail') : '',
    data.type !== 'inrest'
      ? row(data.type === 'delivery' ? 'Время доставки' : 'Время выдачи', words(e(data.readyText)), 'detail')
      : '',
    data.deliveryAddress !== ''
      ? `<div class="row"><span>Адрес</span></div><div class="note">${e(data.deliveryAddress)}</div>`
      : '',
  ].join('');

  const dishLines = data.lines
    .map((line) => {
      const options = [
        line.spec ? `<div class="option">${e(line.spec.name)}</div>` : '',
        // A multi-option shows what it adds to one portion: its price × its count.
        ...line.specs.map(
          (option) =>
            `<div class="option"><span>+ ${e(option.name)}${option.cnt > 1 ? ` × ${option.cnt}` : ''}</span>${option.price > 0 ? `<span class="amount">${formatMoney(option.price * option.cnt)}</span>` : ''}</div>`,
        ),
        line.comment !== '' ? `<div class="option comment">«${e(line.comment)}»</div>` : '',
      ].join('');
      return `<li class="line"><div class="name">${e(line.name)}</div>${options}${row(`${line.cnt} × ${formatMoney(portionPrice(line))}`, formatMoney(line.sum), 'qty')}</li>`;
    })
    .join('');

  const extras = data.extras
    .map(
      (group) =>
        `<h2>${e(group.title)}</h2><ul class="lines">${group.lines
          .map((line) => {
            const free = line.cnt - line.chargedCnt;
            const freeNote = free > 0 ? `<div class="option">бесплатно: ${free}</div>` : '';
            return `<li class="line"><div class="name">${e(line.name)}</div>${freeNote}${row(`${line.cnt} × ${formatMoney(line.price)}`, formatMoney(line.sum), 'qty')}</li>`;
          })
          .join('')}</ul>`,
    )
    .join('');

  const s = data.sums;
  const totals = [
    row('Блюда', formatMoney(s.items)),
    s.cutlery !== 0 || data.extras.some((group) => group.title === 'Приборы')
      ? row('Приборы', formatMoney(s.cutlery))
      : '',
    s.recommended !== 0 ? row('Рекомендуем к заказу', formatMoney(s.recommended)) : '',
    s.discount > 0 ? row(`Скидка ${percentText(data.discountPercent)} %`, minus(s.discount), 'discount') : '',
    s.discount < 0 ? row(`Наценка ${percentText(data.discountPercent)} %`, `+${formatMoney(-s.discount)}`) : '',
    data.type === 'delivery' ? row('Доставка', s.delivery === 0 ? 'бесплатно' : formatMoney(s.delivery)) : '',
  ].join('');

  const paidLine = data.paid
    ? `<div class="stamp paid">${PAID_TEXT}</div><p class="stamp-note">${data.paidText !== '' ? `${e(data.paidText)} · ` : ''}${PAY_METHODS[data.payMethod]}</p>`
    : `<div class="stamp unpaid">${UNPAID_TEXT}</div>`;

  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} — ${e(data.chainName)}</title>
<style>
*{box-sizing:border-box}
html{background:#efebe6}
body{margin:0;padding:24px 12px;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c1b1a;font-variant-numeric:tabular-nums}
.receipt{max-width:380px;margin:0 auto;background:#fff;padding:28px 22px 24px;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.06)}
header{text-align:center}
.chain{margin:0;font-size:24px;letter-spacing:.04em;text-transform:uppercase;font-weight:800}
.place{margin:4px 0 0;font-weight:600}
.muted{color:#5f5a55;font-size:13px;margin:2px 0 0}
h1{font-size:18px;margin:0 0 8px;text-align:center}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:#5f5a55;margin:14px 0 6px}
hr{border:0;border-top:1px dashed #b9b2aa;margin:16px 0}
.row{display:flex;justify-content:space-between;gap:12px;align-items:baseline}
.row>span:first-child{min-width:0;overflow-wrap:anywhere}
.amount{white-space:nowrap;text-align:right}
.detail>span:first-child{white-space:nowrap}
.detail .amount{white-space:normal}
.word{white-space:nowrap}
.lines{list-style:none;margin:0;padding:0}
.line{padding:6px 0}
.line+.line{border-top:1px dotted #e0dbd5}
.name{font-weight:600}
.option{color:#5f5a55;font-size:13px;padding-left:10px;display:flex;justify-content:space-between;gap:8px}
.comment{font-style:italic}
.qty{color:#3b3835;font-size:14px}
.note{color:#3b3835;font-size:14px;margin:0 0 4px}
.discount .amount{color:#2e7d32}
.total{font-size:20px;font-weight:800;margin-top:8px}
.stamp{margin:14px auto 0;text-align:center;font-weight:800;border:2px solid;border-radius:6px;padding:6px 10px;text-transform:uppercase;letter-spacing:.08em;font-size:15px}
.stamp-note{margin:6px 0 0;text-align:center;color:#5f5a55;font-size:13px}
.paid{color:#2e7d32}
.unpaid{color:#b3261e}
.cancelled{text-align:center;color:#b3261e;font-weight:700;margin:0 0 8px}
footer{text-align:center;margin-top:18px}
@media (max-width:360px){body{padding:10px 6px;font-size:14px}.receipt{padding:20px 14px}}
@media print{html,body{background:#fff;padding:0}.receipt{box-shadow:none;max-width:none;padding:0}}
</style>
</head>
<body>
<main class="receipt"${/^#[0-9a-f]{6}$/i.test(data.brandColor) ? ` style="border-top:6px solid ${data.brandColor}"` : ''}>
<header>
<p class="chain">${e(data.chainName)}</p>
<p class="place">${e(data.restaurant.name)}</p>
<p class="muted">${e(data.restaurant.address)}</p>
${data.restaurant.phone !== '' ? `<p class="muted">${e(data.restaurant.phone)}</p>` : ''}
</header>
<hr>
<h1>${e(title)}</h1>
${data.cancelled ? '<p class="cancelled">Заказ отменён</p>' : ''}
${details}
${data.comment !== '' ? `<div class="row"><span>Комментарий</span></div><div class="note">${e(data.comment)}</div>` : ''}
<hr>
<ul class="lines">${dishLines}</ul>
${extras}
<hr>
${totals}
${row('Итого', formatMoney(s.total), 'total')}
${paidLine}
<hr>
<footer>
<p class="muted">Спасибо за заказ!</p>
<p class="muted">Документ не является кассовым чеком.</p>
</footer>
</main>
</body>
</html>
`;
}

/** The receipt's letter to the guest's e-mail (decision 032): a Russian subject, a plain-text body, and the receipt page as its HTML. */
export interface ReceiptLetter {
  subject: string;
  text: string;
  html: string;
}

/**
 * The letter of a paid order's receipt: the plain text names the order, when and how it was
 * paid, the restaurant, its lines and sums, and gives the receipt's signed link (`link`, an
 * absolute URL); the HTML part is the receipt page itself (renderReceipt).
 */
export function receiptLetter(data: ReceiptData, link: string): ReceiptLetter {
  const money = formatMoney;
  const when =
    data.type === 'inrest' ? '' : `${data.type === 'delivery' ? 'время доставки' : 'время выдачи'}: ${data.readyText}`;
  const how = [orderTypeTitle(data.type), data.table !== '' ? `стол № ${data.table}` : '', when]
    .filter((part) => part !== '')
    .join(', ');
  const dishes = data.lines.flatMap((line) => [
    `${line.name}${line.spec ? ` (${line.spec.name})` : ''}: ${line.cnt} × ${money(portionPrice(line))} = ${money(line.sum)}`,
    ...line.specs.map((option) => `  + ${option.name}${option.cnt > 1 ? ` × ${option.cnt}` : ''}`),
    ...(line.comment !== '' ? [`  «${line.comment}»`] : []),
  ]);
  const extras = data.extras.flatMap((group) =>
    group.lines.map((line) => `${group.title}, ${line.name}: ${line.cnt} × ${money(line.price)} = ${money(line.sum)}`),
  );
  const s = data.sums;
  const sums = [
    `Блюда: ${money(s.items)}`,
    s.cutlery !== 0 ? `Приборы: ${money(s.cutlery)}` : '',
    s.recommended !== 0 ? `Рекомендуем к заказу: ${money(s.recommended)}` : '',
    s.discount > 0 ? `Скидка ${percentText(data.discountPercent)} %: ${minus(s.discount)}` : '',
    s.discount < 0 ? `Наценка ${percentText(data.discountPercent)} %: +${money(-s.discount)}` : '',
    data.type === 'delivery' ? `Доставка: ${s.delivery === 0 ? 'бесплатно' : money(s.delivery)}` : '',
    `Итого: ${money(s.total)}`,
  ].filter((row) => row !== '');
  const restaurant = [`«${data.restaurant.name}»`, data.restaurant.address, data.restaurant.phone]
    .filter((part) => part !== '')
    .join(', ');
  const text = [
    'Спасибо за заказ!',
    '',
    `Заказ № ${data.znumber} оплачен${data.paidText !== '' ? ` ${data.paidText}` : ''} ${PAY_METHODS[data.payMethod]}.`,
    `Ресторан ${restaurant}.`,
    `${how}.`,
    ...(data.deliveryAddress !== '' ? [`Адрес: ${data.deliveryAddress}`] : []),
    ...(data.comment !== '' ? [`Комментарий: ${data.comment}`] : []),
    '',
    ...dishes,
    ...extras,
    '',
    ...sums,
    '',
    `Чек заказа: ${link}`,
    'Ход заказа виден в приложении, в разделе «Мои заказы».',
    '',
    'Документ не является кассовым чеком.',
  ].join('\n');
  return { subject: `Чек заказа № ${data.znumber} — ${data.chainName}`, text, html: renderReceipt(data) };
}
