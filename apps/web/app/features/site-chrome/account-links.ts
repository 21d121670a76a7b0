/**
 * Where the top bar's Login and Register lead (ADR 021). With JavaScript they open the side panel in place; the
 * links themselves name the panel in the home page's URL, which the account island (islands pages) or the public
 * shell (React pages) turns into the open panel. A verified account arrives the same way with a notice code,
 * never free text.
 */
export type PanelView = 'login' | 'register' | 'forgot';

export const PANEL_PARAM = 'panel';
export const NOTICE_PARAM = 'notice';

/** Notices the login panel may show, by code. */
export const PANEL_NOTICES = { verified: 'verified' } as const;
export type PanelNotice = (typeof PANEL_NOTICES)[keyof typeof PANEL_NOTICES];

export function panelHref(view: PanelView, notice?: PanelNotice): string {
  const params = new URLSearchParams({ [PANEL_PARAM]: view });
  if (notice) params.set(NOTICE_PARAM, notice);
  return `/?${params.toString()}`;
}

/** The panel a URL asks for, and its notice code, or null. */
export function requestedPanel(search: string): { view: PanelView; notice: PanelNotice | null } | null {
  const params = new URLSearchParams(search);
  const view = params.get(PANEL_PARAM);
  if (view !== 'login' && view !== 'register' && view !== 'forgot') return null;
  const notice = params.get(NOTICE_PARAM);
  return { view, notice: notice === PANEL_NOTICES.verified ? notice : null };
}

/** The URL without the panel request (so that a reload or Back does not open the panel again). */
export function withoutPanelRequest(url: URL): string {
  const next = new URL(url.href);
  next.searchParams.delete(PANEL_PARAM);
  next.searchParams.delete(NOTICE_PARAM);
  return `${next.pathname}${next.search}${next.hash}`;
}
