import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the browser app runs (then it re-renders). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
