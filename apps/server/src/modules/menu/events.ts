import type { FastifyPluginAsync } from 'fastify';
import { EVENT_STREAM_KEEP_ALIVE_MS, menuEventsCall } from '@chain/contract';
import { readCatalogueVersion } from '../../db/catalogue-cache';
import { addressKey } from '../../http/client-address';
import { AppError, MESSAGES } from '../../http/errors';
import { openEventStream, StreamSlots, type EventStream } from '../../http/event-stream';
import { registerCall } from '../../http/route';

/** The channel migration 003's triggers notify on every change of the menu, the stop lists or the restaurants. */
const CATALOGUE_CHANNEL = 'catalogue_version';
/** Menu streams one instance holds at most (each a socket and a few kB), as the guests' order streams. */
export const MENU_STREAMS_PER_INSTANCE = 5000;
/**
 * Menu streams one client address holds on an instance: a restaurant's Wi-Fi or a carrier's NAT
 * puts many guests behind one address, so a generous number, yet one script cannot take the
 * instance's 5 000.
 */
export const MENU_STREAMS_PER_ADDRESS = 200;
export const TOO_MANY_MENU_STREAMS_MESSAGE = 'Слишком много открытых страниц меню с этого адреса. Закройте лишние вкладки.';

/**
 * GET /api/v1/menu/events (issue 17): the catalogue's version as Server-Sent Events, so a
 * guest's open menu and cart learn within a moment that a dish was stopped, on whichever
 * instance. One LISTEN per instance, started with the first stream; the version comes from the
 * notification's payload (the new version), and after a reconnect of the LISTEN it is read
 * again. Public: the version says nothing of anyone.
 */
export const menuEventsRoutes: FastifyPluginAsync = async (app) => {
  const streams = new Set<EventStream>();
  const slots = new StreamSlots();
  const instanceCap = { key: 'instance', limit: MENU_STREAMS_PER_INSTANCE, refusal: () => new AppError(503, 'unavailable', MESSAGES.unavailable) };
  let listening: Promise<() => Promise<void>> | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  let closed = false;
  const broadcast = (version: number) => {
    const data = JSON.stringify({ version });
    for (const stream of streams) stream.send('catalogue', data);
  };
  const start = async () => {
    listening ??= app.database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const version = Number(payload);
        if (Number.isSafeInteger(version)) broadcast(version);
      },
      () => {
        readCatalogueVersion(app.db).then(broadcast, () => undefined);
      },
    );
    try {
      await listening;
    } catch (error) {
      listening = undefined;
      throw error;
    }
    keepAlive ??= setInterval(() => {
      for (const stream of streams) stream.keepAlive();
    }, EVENT_STREAM_KEEP_ALIVE_MS).unref();
  };
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(keepAlive);
    for (const stream of [...streams]) stream.end();
    const stop = await listening?.catch(() => undefined);
    listening = undefined;
    await stop?.();
  });

  registerCall(app, menuEventsCall, async ({ request, reply }) => {
    if (closed) throw new AppError(503, 'unavailable', MESSAGES.unavailable);
    const release = slots.take([
      instanceCap,
      { key: `address:${addressKey(request.ip)}`, limit: MENU_STREAMS_PER_ADDRESS, refusal: () => new AppError(429, 'too_many_streams', TOO_MANY_MENU_STREAMS_MESSAGE) },
    ]);
    let version: number;
    try {
      await start();
      version = await readCatalogueVersion(app.db);
    } catch (error) {
      release();
      throw error;
    }
    const stream = openEventStream(request, reply, { idleMs: 2 * EVENT_STREAM_KEEP_ALIVE_MS, connectionMs: app.config.httpTimeouts.connectionMs, shuttingDown: () => closed });
    streams.add(stream);
    stream.onClose(() => {
      streams.delete(stream);
      release();
    });
    stream.send('catalogue', JSON.stringify({ version }));
    return reply;
  });
};
