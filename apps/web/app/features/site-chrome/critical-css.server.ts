/**
 * The whole stylesheet of a public page served without React (ADR 021), inlined in its <head>: Mantine's
 * global styles and the components public pages use, the app's rules, and the public chrome's own module. The
 * page then paints with no stylesheet request at all (Lighthouse's render-blocking-resources). Server-only: the
 * text reaches the page through the public layout's loader, never a browser bundle. A CSS module imported here
 * with `?inline` keeps the class names of its ordinary import.
 */
import publicCss from '../../styles/public-critical.css?inline';
import siteNavCss from './components/site-nav.module.css?inline';

export const CRITICAL_CSS = [publicCss, siteNavCss].join('\n');
