import { describe, expect, it } from 'vitest';
import { boundedJson, jsonBytes, MAX_CART_RAW_BYTES } from '../src/free-form';
import { orderCreateBody } from '../src/order';

describe('free-form values are capped by the size of their JSON (issue 11, point 7)', () => {
  it('counts the UTF-8 bytes of the JSON text, as the body carries it', () => {
    expect(jsonBytes('abc')).toBe(5);
    // 14 Cyrillic letters of 2 bytes, 2 spaces, 2 quotes.
    expect(jsonBytes('Борщ со сметаной')).toBe(32);
    // An emoji outside the basic plane is 4 bytes.
    expect(jsonBytes('🍕 пицца')).toBe(2 + 4 + 1 + 10);
    expect(jsonBytes({ a: [1, 'ё'] })).toBe('{"a":[1,""]}'.length + 2);
    expect(jsonBytes(null)).toBe(4);
    expect(jsonBytes(12.5)).toBe(4);
    expect(jsonBytes(undefined)).toBe(0);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(jsonBytes(loop)).toBe(Number.POSITIVE_INFINITY);
  });

  it('takes a value up to its cap and refuses one byte more with a Russian reason', () => {
    const schema = boundedJson(10);
    expect(schema.safeParse('x'.repeat(8)).success).toBe(true); // "xxxxxxxx" is 10 bytes
    const over = schema.safeParse('x'.repeat(9));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('не больше 10 байт в JSON');
  });

  it('caps cart_raw at 64 KB on order/create', () => {
    const body = { source: 'kiosk', cart: [{ item: 101, cnt: 1 }], order: { type: 'self' }, restoran: 5 };
    expect(orderCreateBody.safeParse({ ...body, cart_raw: 'я'.repeat(30_000) }).success).toBe(true);
    const refused = orderCreateBody.safeParse({ ...body, cart_raw: 'x'.repeat(MAX_CART_RAW_BYTES) });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['cart_raw'], message: 'не больше 64 КБ в JSON' });
  });
});
