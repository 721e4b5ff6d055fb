// The browser and Node.js, where the domain runs, both have these timers; the domain's ES
// library does not declare them.
declare function setTimeout(handler: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;

/**
 * The promise, or a rejection with `timeoutError(ms)` if it has not settled within `ms`
 * milliseconds; a rejection that is not an Error is passed on wrapped in one. The server's
 * database ping and the web's route chunks (SPEC 9: 120 s) wait through it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, timeoutError: (ms: number) => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
