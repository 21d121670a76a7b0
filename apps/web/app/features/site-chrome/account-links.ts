/**
 * How a page asks for the login / register side panel (ADR 021). With JavaScript, Login and Register open it in
 * place; without, they submit `GET /?panel=login`, and a home page opened so (also by a link) opens the panel as
 * soon as its script runs: the account island on islands pages, the public shell on React pages. A verified account arrives the same way with a notice code,
 * never free text.
 */
export type PanelView = 'login' | 'register' | 'forgot';

export const PANEL_PARAM = 'panel';
export const NOTICE_PARAM = 'notice';

/** Notices the login panel may show, by code. */
export const PANEL_NOTICES = { verified: 'verified' } as const;
export type PanelNotice = (typeof PANEL_NOTICES)[keyof typeof PANEL_NOTICES];

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
