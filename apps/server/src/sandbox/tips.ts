import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import { formatMoney, MAX_TIP_KOPECKS } from '@chain/domain';
import type { Database } from '../db/types';
import { registerFaultsSwitch, replyFault, takeFault } from './faults';

/**
 * The sandbox tips service (SANDBOX=1; decision 025, docs/sandbox.md): the counterpart of the
 * CloudTips-like API the tips adapter speaks, and the tips page a guest opens from an order.
 *
 * - `POST /sandbox/tips/api/receivers` (Bearer key) registers a receiver per externalId and
 *   answers `{ succeed: true, data: { layoutId } }`, the same layoutId for the same externalId.
 * - `POST /sandbox/tips/faults` `{ count }`: its next `count` API calls answer HTTP 503.
 * - `GET /sandbox/tips/{tips_id}?amount={roubles}`: the page where a person leaves a tip, with
 *   the amount from the link; `POST` the same address records it and shows a confirmation.
 * Its books are sandbox_tips_receivers and sandbox_tips (migration 017).
 */

/** The amount a person types or a link carries: roubles, with up to two decimals, a dot or a comma. */
const AMOUNT_FORMAT = /^\d{1,6}(?:[.,]\d{1,2})?$/;
const AMOUNT_ERROR = `Укажите сумму от 1 ₽ до ${formatMoney(MAX_TIP_KOPECKS)}.`;
const MIN_TIP_KOPECKS = 100;
const MAX_COMMENT = 300;
const TIPS_ID_FORMAT = /^[\w-]{1,64}$/;
/** The largest id of sandbox_tips (a PostgreSQL integer). */
const MAX_TIP_ID = 2_147_483_647;

const receiverBody = z.object({
  externalId: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  placeName: z.string().trim().max(200).optional(),
});

/** Roubles as typed ('150', '150,5') → kopecks, or null when not an amount within bounds. */
export function parseTipAmount(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (!AMOUNT_FORMAT.test(value)) return null;
  const [roubles = '0', fraction = ''] = value.replace(',', '.').split('.');
  const kopecks = Number(roubles) * 100 + Number(fraction.padEnd(2, '0'));
  return kopecks >= MIN_TIP_KOPECKS && kopecks <= MAX_TIP_KOPECKS ? kopecks : null;
}

export const tipsSandboxRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  // --- The API the adapter calls -------------------------------------------------------------
  app.post('/sandbox/tips/api/receivers', async (request, reply) => {
    if (await takeFault(db, 'sandbox_tips_faults')) return replyFault(reply);
    const key = app.config.providers.tips?.apiKey;
    if (key === undefined || request.headers.authorization !== `Bearer ${key}`) {
      return reply.status(401).send({ succeed: false, errors: ['Неверный ключ API'] });
    }
    const body = receiverBody.safeParse(request.body);
    if (!body.success)
      return reply
        .status(400)
        .send({ succeed: false, errors: ['externalId: 1…100 символов; name: 1…200; placeName: до 200'] });
    const { externalId, name, placeName = '' } = body.data;
    // One receiver per externalId, whoever asks first; a repeat (a retry after a lost answer, two
    // instances at once) gets the same layoutId.
    await db
      .insertInto('sandbox_tips_receivers')
      .values({ tips_id: randomBytes(6).toString('hex'), external_id: externalId, name, place: placeName })
      .onConflict((oc) => oc.column('external_id').doNothing())
      .execute();
    const receiver = await db
      .selectFrom('sandbox_tips_receivers')
      .select('tips_id')
      .where('external_id', '=', externalId)
      .executeTakeFirstOrThrow();
    return { succeed: true, data: { layoutId: receiver.tips_id } };
  });

  // The faults switch of the test mode: the next `count` API calls answer 503.
  registerFaultsSwitch(app, '/sandbox/tips/faults', 'sandbox_tips_faults', {
    succeed: false,
    errors: ['count: 0…100'],
  });

  // --- The tips page -------------------------------------------------------------------------
  app.get<{ Params: { tipsId: string }; Querystring: { amount?: string; thanks?: string } }>(
    '/sandbox/tips/:tipsId',
    async (request, reply) => {
      const receiver = await findReceiver(db, request.params.tipsId);
      if (!receiver) return sendPage(reply.status(404), 'Страница не найдена', notFoundPage());
      // A tip's id is an integer column: a larger number is no tip (and never reaches the query).
      const thanks =
        /^\d{1,10}$/.test(request.query.thanks ?? '') && Number(request.query.thanks) <= MAX_TIP_ID
          ? Number(request.query.thanks)
          : null;
      if (thanks !== null) {
        const tip = await db
          .selectFrom('sandbox_tips')
          .select(['amount', 'comment'])
          .where('id', '=', thanks)
          .where('tips_id', '=', receiver.tips_id)
          .executeTakeFirst();
        if (tip) return sendPage(reply, 'Спасибо за чаевые', thanksPage(receiver, tip.amount, tip.comment !== ''));
      }
      const amount = parseTipAmount(request.query.amount);
      return sendPage(
        reply,
        `Чаевые — ${receiver.name}`,
        tipPage(receiver, amount === null ? '' : roublesText(amount), null),
      );
    },
  );

  app.post<{ Params: { tipsId: string } }>('/sandbox/tips/:tipsId', async (request, reply) => {
    const receiver = await findReceiver(db, request.params.tipsId);
    if (!receiver) return sendPage(reply.status(404), 'Страница не найдена', notFoundPage());
    const fields = textFields(request.body);
    const amount = parseTipAmount(fields.amount);
    const comment = (fields.comment ?? '').trim().slice(0, MAX_COMMENT);
    if (amount === null)
      return sendPage(
        reply.status(400),
        `Чаевые — ${receiver.name}`,
        tipPage(receiver, (fields.amount ?? '').slice(0, 12), AMOUNT_ERROR),
      );
    const tip = await db
      .insertInto('sandbox_tips')
      .values({ tips_id: receiver.tips_id, amount, comment })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Post/redirect/get: a reload of the confirmation leaves no second tip.
    return reply
      .status(303)
      .header('location', `/sandbox/tips/${encodeURIComponent(receiver.tips_id)}?thanks=${tip.id}`)
      .send();
  });
};

interface Receiver {
  tips_id: string;
  name: string;
  place: string;
}

function findReceiver(db: Kysely<Database>, tipsId: string): Promise<Receiver | undefined> {
  if (!TIPS_ID_FORMAT.test(tipsId)) return Promise.resolve(undefined);
  return db
    .selectFrom('sandbox_tips_receivers')
    .select(['tips_id', 'name', 'place'])
    .where('tips_id', '=', tipsId)
    .executeTakeFirst();
}

function textFields(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Kopecks → what the amount field shows: '100' or '150,50'. */
function roublesText(kopecks: number): string {
  return kopecks % 100 === 0
    ? String(kopecks / 100)
    : `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')}`;
}

// --- Pages ------------------------------------------------------------------------------------

function sendPage(reply: FastifyReply, title: string, body: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header class="top"><div class="top-in"><span class="brand"><i aria-hidden="true">₽</i>Тестовые чаевые</span><span class="badge">Песочница</span></div></header>
${body}<footer>Сервис чаевых · песочница: деньги не списываются</footer></body></html>`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f3f5f4;color:#17201b;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif}
.top{background:#fff;border-bottom:1px solid #dbe3de}
.top-in{max-width:480px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;color:#135c3a}
.brand i{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:10px;background:#135c3a;color:#fff;font-style:normal}
.badge{font-size:13px;font-weight:600;color:#6b4700;background:#fff4d6;border:1px solid #f1d489;border-radius:999px;padding:2px 10px}
main{max-width:480px;margin:0 auto;padding:16px}
.panel{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(20,50,35,.08),0 8px 24px rgba(20,50,35,.06);padding:20px}
h1{font-size:22px;line-height:1.3;margin:0 0 4px}
.muted{color:#4f5d55;margin:0 0 16px;font-size:15px}
label{display:block;font-weight:600;margin:16px 0 6px}
.amount{display:flex;align-items:center;gap:8px}
input,textarea{width:100%;font:inherit;color:inherit;border:1px solid #8c9a92;border-radius:12px;padding:10px 14px;background:#fff}
input{min-height:56px;font-size:28px;font-weight:700}
.amount span{font-size:28px;font-weight:700}
textarea{min-height:88px;resize:vertical}
input:focus-visible,textarea:focus-visible,.btn:focus-visible{outline:3px solid #2f7de1;outline-offset:2px}
.error{color:#a3221b;font-weight:600;margin:8px 0 0}
input[aria-invalid="true"]{border-color:#a3221b;border-width:2px}
.btn{display:flex;align-items:center;justify-content:center;width:100%;min-height:52px;margin-top:20px;border:0;border-radius:12px;padding:12px 16px;font:inherit;font-weight:700;font-size:18px;cursor:pointer;text-decoration:none;background:#135c3a;color:#fff}
.btn:hover{background:#0f4a2f}
.btn.secondary{background:#fff;color:#135c3a;border:2px solid #135c3a}
.note{font-size:14px;color:#4f5d55;margin:14px 0 0;text-align:center}
.done{text-align:center}
.mark{width:64px;height:64px;border-radius:50%;display:grid;place-items:center;margin:4px auto 12px;font-size:32px;color:#fff;background:#135c3a}
.mark.bad{background:#a3221b}
.sum{font-size:32px;font-weight:700;margin:8px 0}
footer{max-width:480px;margin:0 auto;padding:4px 16px 24px;font-size:13px;color:#4f5d55;text-align:center}
`;

function receiverLines(receiver: Receiver): string {
  const place = receiver.place ? `<p class="muted">${escapeHtml(receiver.place)}</p>` : '<p class="muted"></p>';
  return `<h1>Чаевые команде «${escapeHtml(receiver.name)}»</h1>${place}`;
}

function tipPage(receiver: Receiver, amount: string, error: string | null): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="amount-error"' : '';
  const errorLine = error ? `<p class="error" id="amount-error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<main><div class="panel">${receiverLines(receiver)}
<form method="post" action="/sandbox/tips/${encodeURIComponent(receiver.tips_id)}">
<label for="amount">Сумма чаевых, ₽</label>
<div class="amount"><input id="amount" name="amount" inputmode="decimal" autocomplete="off" required maxlength="12" value="${escapeHtml(amount)}"${invalid}><span aria-hidden="true">₽</span></div>
${errorLine}
<label for="comment">Комментарий, если хотите</label>
<textarea id="comment" name="comment" maxlength="${MAX_COMMENT}" placeholder="Спасибо за вкусный ужин!"></textarea>
<button class="btn" type="submit">Оставить чаевые</button>
</form>
<p class="note">Тестовая карта •• 4242. Настоящие деньги не списываются.</p></div></main>`;
}

function thanksPage(receiver: Receiver, amount: number, withComment: boolean): string {
  return `<main><div class="panel done"><div class="mark" aria-hidden="true">✓</div>
<h1>Спасибо! Чаевые отправлены</h1>
<p class="sum">${escapeHtml(formatMoney(amount))}</p>
<p class="muted">Команда «${escapeHtml(receiver.name)}» получит их${withComment ? ' вместе с вашим комментарием' : ''}.</p>
<a class="btn secondary" href="/sandbox/tips/${encodeURIComponent(receiver.tips_id)}">Оставить ещё</a>
<p class="note">Эту вкладку можно закрыть — заказ остался открытым в приложении.</p></div></main>`;
}

function notFoundPage(): string {
  return `<main><div class="panel done"><div class="mark bad" aria-hidden="true">!</div><h1>Страница чаевых не найдена</h1>
<p class="muted">Ссылка устарела или неверна. Откройте чаевые снова со страницы заказа.</p></div></main>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
