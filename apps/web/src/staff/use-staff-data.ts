import { useCallback, useEffect, useState } from 'react';
import { failureText } from './api';

interface Loaded<T> {
  key: string;
  data: T | null;
  error: string | null;
}

/**
 * A staff screen's data: loaded on opening, again on `reload` (what is shown stays until the new
 * answer), and afresh when `key` (what `load` asks for) changes; the failure in words.
 */
export function useStaffData<T>(
  load: () => Promise<T>,
  key: string,
): { data: T | null; error: string | null; reload: () => void; set: (data: T) => void } {
  const [state, setState] = useState<Loaded<T>>({ key, data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    load().then(
      (data) => {
        if (!cancelled) setState({ key, data, error: null });
      },
      (failure: unknown) => {
        if (!cancelled)
          setState((current) => ({
            key,
            data: current.key === key ? current.data : null,
            error: failureText(failure),
          }));
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` names what `load` asks for: a new `load` of the same key is the same question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const current = state.key === key ? state : { key, data: null, error: null };
  // The same function across renders: a screen may read again from an effect (a live stream's event).
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return {
    data: current.data,
    error: current.error,
    reload,
    set: (data: T) => setState({ key, data, error: null }),
  };
}
