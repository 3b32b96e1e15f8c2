/**
 * What `use-sync-external-store/shim` gives older Reacts, from React 19 itself: the build points
 * the shim (imported by @preact/signals-react's runtime) here, so the login route ships no copy of
 * a hook React already has (vite.config.ts, resolve.alias).
 */
export { useSyncExternalStore } from 'react';
