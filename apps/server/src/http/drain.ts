import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The server's open connections and how many requests each is answering, so a closing server
 * can end each keep-alive connection as soon as it falls idle (issue 32). Node's close() waits for
 * every connection to end, and ends only those idle at that moment: one that was answering then —
 * a request in flight, a live stream ended at shutdown — would hold the exit until its keep-alive
 * timeout and the shutdown's forced exit. `server.closeIdleConnections()` cannot be called in a
 * loop instead: it destroys a socket whose last response has finished but not yet been flushed,
 * and the client gets a reset in place of its answer.
 */
export function trackConnections(server: Server): { endIdle(): void } {
  const answering = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    answering.set(socket, 0);
    socket.once('close', () => answering.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (answering.has(socket)) answering.set(socket, Math.max(0, (answering.get(socket) ?? 1) - 1));
    });
  });
  return {
    /** Ends (gracefully: what is written is sent first) every connection answering nothing now. */
    endIdle() {
      for (const [socket, count] of answering) {
        if (count === 0 && !socket.writableEnded) socket.end();
      }
    },
  };
}
