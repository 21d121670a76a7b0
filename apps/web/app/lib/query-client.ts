import { isServer, QueryClient } from '@tanstack/react-query';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * The query client. On the server, a new one for every request, so no visitor ever reads another's cache.
 * In the browser, one for the whole visit, the same in `root.tsx` and in every `clientLoader`: a loader
 * fills the cache (`fetchQuery`, `ensureQueryData`) and the page then reads the answer from it without
 * asking the server again.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
