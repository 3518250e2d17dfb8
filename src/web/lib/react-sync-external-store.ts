/** What the build gives packages that import the `use-sync-external-store` shim: React's own hook (vite.config.ts). */
export { useSyncExternalStore } from 'react';
