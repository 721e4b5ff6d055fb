// wouter imports useSyncExternalStore through the `use-sync-external-store/shim` package so it
// can run on React 17. This app runs React 19, which has the hook built in; vite.config.ts points
// the shim here so its fallback code stays out of the entry chunk.
export { useSyncExternalStore } from 'react';
