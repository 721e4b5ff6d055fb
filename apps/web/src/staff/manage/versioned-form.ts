import { useCallback, useState } from 'react';
import { BACKOFFICE_TEXTS } from '@chain/contract';
import { ApiError } from '../../api/client';
import { failureText } from '../api';

/** A row a back-office screen edits: its fields and the version it is at (migration 023). */
export interface Versioned {
  version: number;
}

/** Someone else saved over the version the draft was based on: the row as it is now, and what differs. */
export interface StaleSave<T> {
  current: T;
  /** The fields whose saved value is not the one the draft started from. */
  changed: (keyof T & string)[];
}

/** The fields of `current` whose value differs from `base`'s (compared as JSON), version aside. */
export function changedFields<T extends Versioned>(base: T, current: T): (keyof T & string)[] {
  return (Object.keys(current) as (keyof T & string)[]).filter(
    (key) => key !== 'version' && JSON.stringify(base[key]) !== JSON.stringify(current[key]),
  );
}

/** The current row out of a 409 stale_version (its body's `current`), or null for any other failure. */
export function staleCurrent<T>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'stale_version') return null;
  const body = error.body as { current?: T } | undefined;
  return body?.current ?? null;
}

/**
 * The draft on top of a newer saved row: the fields the person changed keep their values, the rest
 * take the saved ones, and the version becomes the saved one, so the next save goes over it.
 */
export function rebase<T extends Versioned>(base: T, draft: T, current: T): T {
  const next = { ...current };
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (key !== 'version' && JSON.stringify(draft[key]) !== JSON.stringify(base[key])) next[key] = draft[key];
  }
  return { ...next, version: current.version };
}

export interface VersionedForm<T extends Versioned> {
  draft: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  dirty: boolean;
  saving: boolean;
  /** The last save's refusal in words (a 400's message, say), or ''. */
  error: string;
  /** Set after a 409: what the other save changed. */
  stale: StaleSave<T> | null;
  /** Sends the draft (with the version it is based on); the answer becomes the new base. */
  submit: () => Promise<boolean>;
  /** After a 409: keep this person's changes on top of the saved row (rebase). */
  takeCurrent: () => void;
  /** Drops the draft's changes. */
  reset: () => void;
  /** Replaces base and draft, e.g. when the row was reloaded. */
  load: (row: T) => void;
}

/**
 * A form over one versioned row (issue 31, decision 043): keeps the row it was based on and the
 * draft, sends the draft with that version, and on a 409 shows what someone else changed and lets
 * the person keep their changes on top of it.
 */
export function useVersionedForm<T extends Versioned>(
  initial: T,
  save: (draft: T) => Promise<T>,
  onSaved?: (saved: T) => void,
): VersionedForm<T> {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [stale, setStale] = useState<StaleSave<T> | null>(null);

  const set = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => setDraft((previous) => ({ ...previous, [key]: value })),
    [],
  );

  const submit = async (): Promise<boolean> => {
    setSaving(true);
    setError('');
    try {
      const saved = await save(draft);
      setBase(saved);
      setDraft(saved);
      setStale(null);
      onSaved?.(saved);
      return true;
    } catch (failure) {
      const current = staleCurrent<T>(failure);
      if (current) setStale({ current, changed: changedFields(base, current) });
      else setError(failureText(failure));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const takeCurrent = () => {
    if (!stale) return;
    setDraft(rebase(base, draft, stale.current));
    setBase(stale.current);
    setStale(null);
  };

  const load = useCallback((row: T) => {
    setBase(row);
    setDraft(row);
    setStale(null);
    setError('');
  }, []);

  return {
    draft,
    set,
    dirty: JSON.stringify(base) !== JSON.stringify(draft),
    saving,
    error: stale ? BACKOFFICE_TEXTS.staleVersion : error,
    stale,
    submit,
    takeCurrent,
    reset: () => load(base),
    load,
  };
}
