import { useEffect, useState } from 'react';

/**
 * The current time in epoch milliseconds, renewed every `intervalMs` while `active` (open-now
 * markers tick every minute). Read deadlines against it rather than counting ticks: a phone that
 * slept a while still shows the right thing.
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const handle = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(handle);
  }, [intervalMs, active]);
  return now;
}

/** Whole seconds from `now` until `deadline`, never below zero; a started second counts as one. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A countdown to `deadline` (epoch ms) in whole seconds; it stops ticking at zero. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(deadline, now);
  const done = left === 0;
  useEffect(() => {
    if (done) return;
    // Twice a second, so a late timer never makes the display skip a number.
    const handle = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(handle);
  }, [deadline, done]);
  return left;
}
