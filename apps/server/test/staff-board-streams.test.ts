import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_STREAMS_PER_RESTAURANT,
  BOARD_STREAMS_PER_SESSION,
  BOARD_STREAMS_PER_STAFF,
  STAFF_TEXTS,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { openEventStream, type EventStream } from './support/event-stream';
import { bearer, staffAccount, staffToken } from './support/staff';

// Issue 30.4: one kitchen session used to open all 500 board stream slots of an instance, and
// every other restaurant's board then got 503. The board streams are capped per staff session,
// per account and per restaurant (as guests' menu streams are per address), each a 429 in words,
// and another restaurant's board still opens.

const boardEvents = (restaurantId: number) => `/api/staff/restaurants/${restaurantId}/orders/events`;

describe.each(databaseKinds())('board stream caps on %s (issue 30.4)', (kind) => {
  let t: TestApp;
  const held: EventStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
  });
  afterEach(() => {
    for (const stream of held.splice(0)) stream.close();
  });
  afterAll(() => t.close());

  /** A kitchen account of the restaurant, signed in `sessions` times: its session tokens. */
  async function kitchenSessions(restaurantId: number, sessions = 1): Promise<string[]> {
    const account = await staffAccount(t.database, { role: 'kitchen', restaurantIds: [restaurantId] });
    const tokens: string[] = [];
    for (let index = 0; index < sessions; index++) tokens.push(await staffToken(t.app, t.database, account));
    return tokens;
  }

  async function open(token: string, restaurantId: number, count = 1): Promise<EventStream[]> {
    const streams = await Promise.all(
      Array.from({ length: count }, () => openEventStream(t.app, boardEvents(restaurantId), bearer(token))),
    );
    held.push(...streams);
    return streams;
  }

  it(`lets one session hold ${BOARD_STREAMS_PER_SESSION} board streams, refuses the next with 429 in words, and another restaurant's board still opens`, async () => {
    const [kitchen] = await kitchenSessions(3);
    const [elsewhere] = await kitchenSessions(4);
    const mine = await open(kitchen!, 3, BOARD_STREAMS_PER_SESSION);
    expect(mine.map((stream) => stream.status)).toEqual(Array(BOARD_STREAMS_PER_SESSION).fill(200));

    const [refused] = await open(kitchen!, 3);
    expect(refused!.status).toBe(429);
    expect(JSON.parse(refused!.body)).toMatchObject({
      error: 'too_many_streams',
      message: STAFF_TEXTS.tooManyBoardStreams,
    });

    const [theirs] = await open(elsewhere!, 4);
    expect(theirs!.status).toBe(200);

    // A stream that closes gives its place back.
    mine.pop()?.close();
    await expect
      .poll(async () => {
        const [again] = await open(kitchen!, 3);
        again!.close();
        return again!.status;
      })
      .toBe(200);
  });

  it(`opens exactly ${BOARD_STREAMS_PER_SESSION} of 30 streams one session asks for at once`, async () => {
    const [kitchen] = await kitchenSessions(5);
    const answers = await open(kitchen!, 5, 30);
    const statuses = answers.map((stream) => stream.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(BOARD_STREAMS_PER_SESSION);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - BOARD_STREAMS_PER_SESSION);
  });

  it(`holds one account's sessions together to ${BOARD_STREAMS_PER_STAFF} streams`, async () => {
    const sessions = await kitchenSessions(6, Math.ceil(BOARD_STREAMS_PER_STAFF / BOARD_STREAMS_PER_SESSION) + 1);
    let opened = 0;
    for (const token of sessions) {
      const take = Math.min(BOARD_STREAMS_PER_SESSION, BOARD_STREAMS_PER_STAFF - opened);
      if (take === 0) break;
      const streams = await open(token, 6, take);
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      opened += take;
    }
    const [refused] = await open(sessions.at(-1)!, 6);
    expect(refused!.status).toBe(429);
    expect(JSON.parse(refused!.body)).toMatchObject({
      error: 'too_many_streams',
      message: STAFF_TEXTS.tooManyBoardStreams,
    });
  });

  it(`holds a restaurant's board to ${BOARD_STREAMS_PER_RESTAURANT} streams from any sessions (429 in words), and another restaurant's board still opens`, async () => {
    let opened = 0;
    while (opened < BOARD_STREAMS_PER_RESTAURANT) {
      const [token] = await kitchenSessions(7);
      const take = Math.min(BOARD_STREAMS_PER_SESSION, BOARD_STREAMS_PER_RESTAURANT - opened);
      const streams = await open(token!, 7, take);
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      opened += take;
    }
    const [fresh] = await kitchenSessions(7);
    const [refused] = await open(fresh!, 7);
    expect(refused!.status).toBe(429);
    expect(JSON.parse(refused!.body)).toMatchObject({
      error: 'too_many_restaurant_streams',
      message: STAFF_TEXTS.tooManyRestaurantBoardStreams,
    });

    const [elsewhere] = await kitchenSessions(8);
    const [theirs] = await open(elsewhere!, 8);
    expect(theirs!.status).toBe(200);
  });
});
