import { FOLLOW_LINK_EXPIRED_MESSAGE, FOLLOW_LINK_INVALID_MESSAGE } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';

/** Why the follow page has no order to show. */
export type FollowProblem =
  /** The link will never open (forged, mistyped, too old): no retry. */
  | { readonly kind: 'gone'; readonly message: string }
  /** The network or the server failed: a retry. */
  | { readonly kind: 'failed'; readonly message: string };

/**
 * The answer's failure as the guest reads it: 404 (and a malformed token's 400)
 * FOLLOW_LINK_INVALID_MESSAGE, 410 FOLLOW_LINK_EXPIRED_MESSAGE, anything else SPEC 8's request
 * failure with a retry.
 */
export function followProblemOf(error: unknown): FollowProblem {
  if (error instanceof ApiError && error.kind === 'server') {
    if (error.status === 410) return { kind: 'gone', message: FOLLOW_LINK_EXPIRED_MESSAGE };
    if (error.status === 404 || error.status === 400) return { kind: 'gone', message: FOLLOW_LINK_INVALID_MESSAGE };
  }
  return { kind: 'failed', message: REQUEST_FAILED_MESSAGE };
}
