import { useEffect, useRef } from 'react';
import type * as z from 'zod/mini';
import { STAFF_EVENTS_KEEP_ALIVE_MS } from '@chain/contract';
import { followLiveStream } from '../api/live-stream';
import { setStaffSession, staffSession } from './session';

export interface StaffEventsOptions<T> {
  /** The stream's path (a contract call's, e.g. staffTeamEventsCall.path). */
  readonly path: string;
  /** The event's name in the stream. */
  readonly event: string;
  /** Its data's shape: an event that does not fit is skipped (the next read brings the whole state). */
  readonly schema: z.ZodMiniType<T>;
  readonly onEvent: (data: T) => void;
  /**
   * The stream opened again after a break (or the server ended it: the account changed): what
   * was announced meanwhile is lost, so the screen reads its data again.
   */
  readonly onReconnect: () => void;
}

/**
 * Follows one of the back office's live streams (decision 055) while the screen is open and the
 * page visible — the same Server-Sent Events over fetch as the order board (followLiveStream: a
 * dropped or silent stream is opened again with backoff, a hidden tab closes it). A 401 ends the
 * staff session on this device, as every staff call's does; a 403 (no longer allowed) stops.
 */
export function useStaffEvents<T>(options: StaffEventsOptions<T>): void {
  // The latest callbacks, without opening the stream again when the screen renders.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { path, event } = options;
  useEffect(() => {
    const token = staffSession()?.token ?? '';
    return followLiveStream({
      url: path,
      headers: { authorization: `Bearer ${token}` },
      keepAliveMs: STAFF_EVENTS_KEEP_ALIVE_MS,
      onOpen: (reconnected) => {
        if (reconnected) latest.current.onReconnect();
      },
      onRefused: (status) => {
        if (status === 401) setStaffSession(null);
      },
      onEvent: (message) => {
        if (message.event !== event) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(message.data);
        } catch {
          return;
        }
        const data = latest.current.schema.safeParse(parsed);
        if (data.success) latest.current.onEvent(data.data);
      },
    });
  }, [path, event]);
}
