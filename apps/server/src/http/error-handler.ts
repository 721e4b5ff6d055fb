import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProviderError } from '../adapters/http';
import {
  isConnectionError,
  isDatabaseError,
  isPoolBusy,
  isStatementCancelled,
  isTransactionConflict,
} from '../db/monitor';
import { AppError, MESSAGES, UnavailableError } from './errors';
import { RateLimitedError } from './rate-limit';

/**
 * One place turns every failure into `{ success: false, error, message, requestId }`:
 * deliberate AppErrors keep their status and Russian message; framework 4xx errors get a
 * readable message; a lost or busy database gives 503 with Retry-After, and so does a provider
 * that failed where its module had no answer of its own; anything else is a 500 whose details are
 * logged with the request id and never sent.
 *
 * What the error is decides the answer: whatever the method and whether its body has been read,
 * a database error is a 503 logged as one (issue 30.2 — a check of `request.raw.destroyed`, true
 * for every request whose body had been read, answered each POST that met a stalled database 400
 * «Некорректный запрос.» and logged it at info as a client gone). A connection error counts as the
 * database's only when the database handle marked it (db/monitor.ts `databaseError`): a client
 * that resets its connection in the middle of a body raises ECONNRESET too, and that — an error of
 * the connection's own stream on a socket already gone — is the client gone, logged at info
 * (issue 11, second read).
 * The handler never marks the database down itself: only the database handle knows that.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error instanceof RateLimitedError || error instanceof UnavailableError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ ...error.details, success: false, error: error.code, message: error.message, requestId });
    }
    if (isDatabaseError(error)) {
      if (isPoolBusy(error)) {
        // No free connection within the connect timeout: a rush, not a lost database. This call
        // is refused; the database stays up for health and for every other call (issue 11).
        request.log.warn({ err: error }, 'no free database connection');
        return replyUnavailable(reply, requestId);
      }
      if (isConnectionError(error)) {
        // The database handle has told the monitor already (db/client.ts).
        request.log.error({ err: error }, 'database unreachable');
        return replyUnavailable(reply, requestId);
      }
      if (isStatementCancelled(error)) {
        // Past the statement timeout (issue 11.11): the database is busy, not gone; try again.
        request.log.warn({ err: error }, 'statement cancelled');
        return replyUnavailable(reply, requestId);
      }
      if (isTransactionConflict(error)) {
        // Two transactions waited on each other and PostgreSQL ended this one (a deadlock, a
        // serialization failure): nothing of it was saved, and a retry finds the other done.
        request.log.warn({ err: error }, 'transaction conflict');
        return replyUnavailable(reply, requestId);
      }
      if (isDataException(error)) {
        // SQLSTATE class 22: a value the database cannot take (a NUL byte, a number out of
        // range...). The input was bad, not the server: a 400, logged for the contract's sake.
        request.log.warn({ err: error }, 'database refused a value');
        return reply
          .status(400)
          .send({ success: false, error: 'bad_request', message: MESSAGES.badRequest, requestId });
      }
    }
    if (clientWentAway(request, reply, error)) {
      // The client's connection broke (a reset in the middle of its body, a page left while its
      // answer streamed): nobody reads an answer, and what failed was its stream, not the server.
      request.log.info({ err: error }, 'client closed the connection');
      return reply.status(400).send({ success: false, error: 'bad_request', message: MESSAGES.badRequest, requestId });
    }
    if (error instanceof ProviderError) {
      // An outside service failed and the module had no answer of its own for it: ours, and
      // passing; the client may try again.
      request.log.error({ err: error }, 'provider failed');
      return replyUnavailable(reply, requestId);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : 'bad_request';
      request.log.info({ err: error }, 'request rejected');
      const send = () =>
        reply
          .status(status)
          .send({ success: false, error: clientErrorCode(status), message: clientMessage(status, code), requestId });
      // Too large: the client may still be sending. Read the rest first, so closing the
      // connection does not reset it before it reads its 413 (issue 11.12).
      return status === 413 ? drainBody(request.raw).then(send) : send();
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, error: 'internal', message: MESSAGES.internal, requestId });
  });
}

/** 503 with Retry-After: the database is lost or busy; the client may try again shortly. */
export function replyUnavailable(reply: FastifyReply, requestId: string): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', '5')
    .send({ success: false, error: 'unavailable', message: MESSAGES.unavailable, requestId });
}

/**
 * Errors Fastify raises before a route is found (a broken percent escape, a path parameter over
 * the length limit) bypass the error handler; this gives them the same body, a readable message
 * and the request id (Fastify's `frameworkErrors` option).
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ err: error }, 'request rejected before routing');
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .send({ success: false, error: 'bad_request', message: MESSAGES.badUrl, requestId: request.id });
}

/** An over-the-limit body is read and thrown away up to this many bytes, for this long; past that the connection is closed. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads and discards what is left of a request body (Fastify answers 413 with `Connection:
 * close` as soon as it knows). Closing a socket with unread data makes the kernel send a reset,
 * which a client still sending — most send the whole body before reading — gets instead of the
 * answer. Bounded in bytes and time: a body beyond the bound is cut off as before.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers['content-length']);
  if (raw.complete || raw.readableEnded || raw.destroyed || declared > DRAIN_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on('data', onData).on('end', finish).on('close', finish).on('error', finish);
    raw.resume();
  });
}

/** Errors of a connection's own stream: a reset, an abort, a stream closed before its end. */
const CLIENT_STREAM_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when the error is the client's connection going away: an error of the connection's stream
 * while its socket (or the answer written to it) is already destroyed. Not `request.raw.destroyed`:
 * a request's body stream is destroyed as soon as it has been read whole (issue 30.2).
 */
function clientWentAway(request: FastifyRequest, reply: FastifyReply, error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  const streamError = (typeof code === 'string' && CLIENT_STREAM_CODES.has(code)) || error.message === 'aborted';
  const gone = request.raw.socket?.destroyed === true || (reply.raw.destroyed && !reply.raw.writableFinished);
  return streamError && gone;
}

function isDataException(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function clientErrorCode(status: number): string {
  switch (status) {
    case 404:
      return 'not_found';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

function clientMessage(status: number, code: string): string {
  if (status === 413) return MESSAGES.tooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  if (status === 429) return MESSAGES.rateLimited;
  if (status === 404) return MESSAGES.notFound;
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code.includes('JSON')) {
    return MESSAGES.badJson;
  }
  return MESSAGES.badRequest;
}
