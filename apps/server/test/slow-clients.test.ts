import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

/**
 * Issue 11, second read: a client that sends its body slowly — or stops in the middle — within the
 * 1 MB limit held a connection for ever, so a few hundred such clients held every connection the
 * server has. The whole request must arrive within HTTP_REQUEST_TIMEOUT_MS, and a connection on
 * which nothing moves is closed after HTTP_CONNECTION_TIMEOUT_MS. And a client that resets its
 * connection in the middle of a body is no lost database: that reset (ECONNRESET) marked the
 * database down, so every abandoned upload answered 503 to everyone for a second.
 */

interface Outcome {
  closedAfterMs: number | null;
  received: string;
}

/** Sends the head of a POST declaring `length` bytes, then `chunks` (text, pause before each); watches until the server closes or `watchMs` ends. */
function slowPost(
  app: FastifyInstance,
  path: string,
  length: number,
  chunks: Array<{ text: string; afterMs: number }>,
  watchMs: number,
): Promise<Outcome> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const timers: NodeJS.Timeout[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
      );
      let at = 0;
      for (const chunk of chunks) {
        at += chunk.afterMs;
        timers.push(setTimeout(() => socket.writable && socket.write(chunk.text), at));
      }
    });
    const finish = (closedAfterMs: number | null) => {
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(watch);
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    const watch = setTimeout(() => finish(null), watchMs);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
    });
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
  });
}

/** A JSON body of exactly `length` bytes, cut into `parts` pieces sent `everyMs` apart. */
function bodyIn(length: number, parts: number, everyMs: number): Array<{ text: string; afterMs: number }> {
  const body = `{"message":"${'x'.repeat(length - 14)}"}`;
  const size = Math.ceil(body.length / parts);
  return Array.from({ length: parts }, (_, i) => ({
    text: body.slice(i * size, (i + 1) * size),
    afterMs: i === 0 ? 0 : everyMs,
  }));
}

describe.each(databaseKinds())('slow clients on %s (issue 11, second read)', (kind) => {
  describe('a request that takes longer than HTTP_REQUEST_TIMEOUT_MS to arrive', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { httpTimeouts: { requestMs: 1500, connectionMs: 60_000 } });
    });
    afterAll(() => t.close());

    it('is cut off, however steadily its body trickles in, and the connection is closed', async () => {
      // 20 bytes every 200 ms of a 100 000-byte body: never idle, never done.
      const trickle = Array.from({ length: 100 }, () => ({ text: 'x'.repeat(20), afterMs: 200 }));
      const outcome = await slowPost(t.app, '/api/v1/feedback/add', 100_000, trickle, 8000);
      expect(outcome.closedAfterMs, 'the connection stayed open').not.toBeNull();
      expect(outcome.closedAfterMs).toBeLessThan(4000);
      if (outcome.received) expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    });

    it('still takes a body of 3 MB sent in pieces within the time, as a photo upload is', async () => {
      const length = 3 * 1024 * 1024;
      const outcome = await slowPost(t.app, '/api/v1/rate/add', length, bodyIn(length, 6, 100), 6000);
      // The handler read it all and answered (it names no guest: a 4xx of the call, not a cut-off).
      expect(outcome.received).toMatch(/^HTTP\/1\.1 4(00|01)/);
    });
  });

  describe('a connection on which nothing moves for HTTP_CONNECTION_TIMEOUT_MS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { httpTimeouts: { requestMs: 60_000, connectionMs: 1000 } });
    });
    afterAll(() => t.close());

    it('is closed when the client stops in the middle of its body', async () => {
      const outcome = await slowPost(t.app, '/api/v1/feedback/add', 1000, [{ text: '{"message":"', afterMs: 0 }], 8000);
      expect(outcome.closedAfterMs, 'the connection stayed open').not.toBeNull();
      expect(outcome.closedAfterMs).toBeLessThan(3000);
    });
  });

  describe('a client that goes away in the middle of its body', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    it('leaves the database up: a reset from the client is no lost database, or every abandoned upload would answer 503 to everyone', async () => {
      // The client sends half its body and resets the connection (a phone that lost its signal).
      const outcome = await slowPost(
        t.app,
        '/api/v1/feedback/add',
        1000,
        [{ text: '{"message":"half', afterMs: 0 }],
        300,
      );
      expect(outcome.closedAfterMs).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(t.app.dbMonitor.state).toBe('up');
      expect((await t.app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);
    });
  });
});
