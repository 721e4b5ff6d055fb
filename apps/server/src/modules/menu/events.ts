import type { FastifyPluginAsync } from 'fastify';
import { EVENT_STREAM_KEEP_ALIVE_MS, menuEventsCall } from '@chain/contract';
import { readCatalogueVersion } from '../../db/catalogue-cache';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import { LiveHub, unavailable } from '../../http/live-hub';
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
export const TOO_MANY_MENU_STREAMS_MESSAGE =
  'Слишком много открытых страниц меню с этого адреса. Закройте лишние вкладки.';

/**
 * GET /api/v1/menu/events (issue 17): the catalogue's version as Server-Sent Events, so a
 * guest's open menu and cart learn within a moment that a dish was stopped, on whichever
 * instance. One LISTEN per instance (http/live-hub.ts), started with the first stream; the version comes from the
 * notification's payload (the new version), and after a reconnect of the LISTEN it is read
 * again. Public: the version says nothing of anyone.
 */
export const menuEventsRoutes: FastifyPluginAsync = async (app) => {
  const broadcast = (version: number) => {
    const data = JSON.stringify({ version });
    for (const { stream } of hub.entries()) stream.send('catalogue', data);
  };
  const hub: LiveHub<null> = new LiveHub({
    database: app.database,
    channels: [
      [
        CATALOGUE_CHANNEL,
        (payload) => {
          const version = Number(payload);
          if (Number.isSafeInteger(version)) broadcast(version);
        },
      ],
    ],
    onReconnect: () => {
      readCatalogueVersion(app.db).then(broadcast, () => undefined);
    },
    keepAliveMs: EVENT_STREAM_KEEP_ALIVE_MS,
    log: app.log,
  });
  app.addHook('preClose', () => hub.close());

  registerCall(app, menuEventsCall, async ({ request, reply }) => {
    const release = hub.admit([
      { key: 'instance', limit: MENU_STREAMS_PER_INSTANCE, refusal: unavailable },
      {
        key: `address:${addressKey(request.ip)}`,
        limit: MENU_STREAMS_PER_ADDRESS,
        refusal: () => new AppError(429, 'too_many_streams', TOO_MANY_MENU_STREAMS_MESSAGE),
      },
    ]);
    const { stream, first: version } = await hub.open(request, reply, {
      connectionMs: app.config.httpTimeouts.connectionMs,
      release,
      first: () => readCatalogueVersion(app.db),
    });
    stream.onClose(hub.add(null, stream, release));
    stream.send('catalogue', JSON.stringify({ version }));
    return reply;
  });
};
