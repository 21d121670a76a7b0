import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { WebLoadContext } from '@taxfirm/contract';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce.tsx';

const STREAM_TIMEOUT_MS = 5000;

/**
 * Marks an islands page's answer (ADR 021) for the server, which keeps its HTML between requests
 * (apps/server/src/plugins/app/page-render.ts) and never sends this header on.
 */
const ISLANDS_PAGE_HEADER = 'X-Islands-Page';

function isIslandsPage(context: EntryContext): boolean {
  const id = context.staticHandlerContext.matches.at(-1)?.route.id;
  const handle: unknown = id === undefined ? undefined : context.routeModules[id]?.handle;
  return typeof handle === 'object' && handle !== null && (handle as { islands?: unknown }).islands === true;
}
export const streamTimeout = STREAM_TIMEOUT_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: WebLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Crawlers and the no-JavaScript reader get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (isIslandsPage(routerContext)) responseHeaders.set(ISLANDS_PAGE_HEADER, '1');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
    timer.unref();
  });
}
