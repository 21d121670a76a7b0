import './styles/mantine.css';
import './styles/app.css';
import { Anchor, Container, MantineProvider, Stack, Text, Title, mantineHtmlProps } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { useContext, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  UNSAFE_FrameworkContext as FrameworkContext,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type MetaFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { paths } from './config/paths.ts';
import { pageCssOf, useIslandsPage } from './lib/islands.ts';
import { styleNonce, useNonce } from './lib/nonce.tsx';
import { getQueryClient } from './lib/query-client.ts';
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from './lib/seo.ts';
import { cssVariablesResolver, theme } from './lib/theme.ts';

// Style elements that libraries add in the browser (the scroll lock under dialogs) carry the page's nonce.
if (typeof document !== 'undefined') setNonce(styleNonce(''));

export const meta: MetaFunction = () => [{ title: 'Tax preparation and accounting' }];

/** Routes whose stylesheets an islands page replaces with the inline critical CSS: the app's and the chrome's. */
const INLINED_ROUTE_STYLES = new Set(['root', PUBLIC_LAYOUT_ID]);

/**
 * The page's stylesheets. A React page links them all (<Links />). An islands page (ADR 021) inlines the public
 * pages' CSS in <head>, so its first paint waits for no stylesheet; a route whose loader returns its own CSS as
 * `pageCss` (the home page) has it inlined too, and a page's other CSS modules, if any, are linked. The
 * account panel brings the full Mantine stylesheet with its chunk when it opens.
 */
function PageStyles({ nonce }: { nonce: string }) {
  const islandsPage = useIslandsPage();
  const publicData = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  if (!islandsPage || !publicData || !framework) return <Links nonce={nonce} />;
  const pageMatches = matches.filter((m) => !INLINED_ROUTE_STYLES.has(m.id));
  const inlineCss = pageMatches.flatMap((m) => pageCssOf(m.data) ?? []);
  const pageStyles = pageMatches
    .filter((m) => pageCssOf(m.data) === undefined)
    .flatMap((m) => framework.manifest.routes[m.id]?.css ?? []);
  return (
    <>
      <style
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: [publicData.criticalCss, ...inlineCss].join('\n') }}
      />
      {[...new Set(pageStyles)].map((href) => (
        <link key={href} rel="stylesheet" href={href} nonce={nonce} />
      ))}
    </>
  );
}

/** The page's scripts: React's hydration, or on an islands page (ADR 021) only the islands entry. */
function PageScripts({ nonce }: { nonce: string }) {
  const islandsPage = useIslandsPage();
  const publicData = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  if (islandsPage && publicData) {
    return <script type="module" src={publicData.islandsScript} nonce={nonce} />;
  }
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14335f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <PageStyles nonce={nonce} />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          forceColorScheme="light"
          cssVariablesResolver={cssVariablesResolver}
          getStyleNonce={() => styleNonce(nonce)}
        >
          {children}
        </MantineProvider>
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A new client per request on the server; in the browser the visit's one, which clientLoaders fill too.
  const [queryClient] = useState(getQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** Last-resort boundary: routes render their own errors inside their layouts. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Page not found' : 'Something went wrong';
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Title order={1}>{title}</Title>
        <Text>
          {status === 404
            ? 'The page you are looking for does not exist.'
            : 'Something bad happened; please try again later.'}
        </Text>
        <Anchor href={paths.home.getHref()}>Go to the home page</Anchor>
      </Stack>
    </Container>
  );
}
