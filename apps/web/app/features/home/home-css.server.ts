/**
 * The home page's own CSS modules (the carousels, the popup), inlined in its <head> beside the public pages'
 * stylesheet (ADR 021): the page then links no render-blocking stylesheet. Server-only: the home route's
 * loader returns it as `pageCss`. Imported with `?inline`, a CSS module keeps the class names of its ordinary
 * import.
 */
import carouselCss from './components/carousel.module.css?inline';
import homePopupCss from './components/home-popup.module.css?inline';

export const HOME_CSS = [carouselCss, homePopupCss].join('\n');
