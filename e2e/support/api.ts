import type { OrderView, RestaurantWire } from '@chain/contract';
/** Calls of the product's API from a test, through the sandbox, as a person would make them. */
export async function api<T>(
  baseUrl: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Outbox {
  messages: Array<{ code: string | null }>;
  captcha: string | null;
}

let guests = 0;
/** This test file's own address block (each file loads the module afresh). */
const block = 1 + Math.floor(Math.random() * 250);

/**
 * Signs a new guest in by e-mail code: captcha and code read from the sandbox outbox. Each guest
 * comes from an address of its own (`X-Forwarded-For`, which the e2e server trusts from loopback
 * alone, as a server trusts its load balancer), as different people do: the per-address sign-in
 * limits (issue 4) then count each guest, not the whole test run.
 */
export async function signInByEmail(baseUrl: string, email: string): Promise<{ id: number; password: string }> {
  guests += 1;
  const from = { 'x-forwarded-for': `10.${block}.${Math.floor(guests / 250) % 250}.${(guests % 250) + 1}` };
  await fetch(`${baseUrl}/captcha/${encodeURIComponent(email)}?${Date.now()}`, { headers: from });
  const before = await api<Outbox>(baseUrl, `/sandbox/outbox?to=${encodeURIComponent(email)}`);
  await api(baseUrl, '/api/v2/user/sendEmailCode', { email, captcha: before.captcha }, from);
  const after = await api<Outbox>(baseUrl, `/sandbox/outbox?to=${encodeURIComponent(email)}`);
  const code = after.messages.at(-1)?.code;
  const signed = await api<{ user: { id: number; password: string } }>(
    baseUrl,
    '/api/v2/user/checkEmailCode',
    { email, code },
    from,
  );
  return signed.user;
}

/** A self-pickup order at Курский (open round the clock): one Маргарита. */
export async function placeOrder(
  baseUrl: string,
  user: { id: number; password: string },
): Promise<{ id: number; sum: number; number: string }> {
  return api(baseUrl, '/api/v2/order/create', {
    source: 'web',
    v: 3,
    user,
    cart: [{ item: 101, cnt: 1 }],
    order: { type: 'self' },
    restoran: 5,
    idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
}

/** GET /api/v2/restoran/list, typed by the contract. */
export function listRestaurants(baseUrl: string): Promise<RestaurantWire[]> {
  return api<RestaurantWire[]>(baseUrl, '/api/v2/restoran/list');
}

/** The listed restaurant with this id (an error when the list has none). */
export async function restaurantById(baseUrl: string, id: number): Promise<RestaurantWire> {
  const restaurant = (await listRestaurants(baseUrl)).find((entry) => entry.id === id);
  if (!restaurant) throw new Error(`restaurant ${id} is not listed`);
  return restaurant;
}

/** One order of the guest as the order list/detail call gives it (its sum, parts and paid flag). */
export async function orderOf(
  baseUrl: string,
  user: { id: number; password: string },
  orderId: number,
): Promise<OrderView> {
  const answer = await api<{ items: OrderView[] }>(baseUrl, `/api/v1/order/listUser/${user.id}`, {
    user_id: user.id,
    user_token: user.password,
    id: orderId,
  });
  const order = answer.items.find((item) => item.id === orderId);
  if (!order) throw new Error(`order ${orderId} is not listed`);
  return order;
}

/**
 * Pays a guest's order by SBP as their bank app would: payment/sbp, then «Оплатить» on the
 * sandbox bank's page (its JSON form), until payment/check says ok.
 */
export async function payOrderBySbp(
  baseUrl: string,
  user: { id: number; password: string },
  orderId: number,
): Promise<void> {
  const sbp = await api<{ paymentUrl: string | null; errorMessage: string }>(baseUrl, '/api/v1/order/payment/sbp', {
    user_id: user.id,
    token: user.password,
    order_id: orderId,
  });
  if (!sbp.paymentUrl) throw new Error(`payment/sbp gave no bank page: ${sbp.errorMessage}`);
  const bankPage = new URL(sbp.paymentUrl);
  await api(baseUrl, bankPage.pathname, { action: 'pay' }, { accept: 'application/json' });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { status } = await api<{ status: string }>(baseUrl, `/api/v1/order/payment/check/${orderId}`, undefined, {
      authorization: `Bearer ${user.password}`,
    });
    if (status === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`order ${orderId} was not paid`);
}
