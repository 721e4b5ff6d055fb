import { useCallback, useEffect, useState } from 'react';
import { type RatingTypes } from '@chain/contract';
import { loadRatingTypes, type RatingSession } from '../../api/ratings';

export type TypesState =
  { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly types: RatingTypes } | { readonly kind: 'failed' };

/** The categories, asked once when `needed` (again on retry); null until they come. */
export function useRatingTypes(session: RatingSession, needed: boolean): { state: TypesState; retry: () => void } {
  const [state, setState] = useState<TypesState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    loadRatingTypes(session, { signal: controller.signal }).then(
      (types) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', types });
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [session, needed, attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}
