/**
 * The home popup island (ADR 021). The server renders the popup as closed native <dialog> elements inside the
 * marked element (features/home/components/home-popup.tsx); this opens the right one with showModal() unless
 * the visitor closed it earlier in this visit. Type 1 carries the offer and the welcome that replaces it: the
 * offer shows while its last day (`data-offer-end-date`) has not passed in the visitor's own time zone.
 *
 * The browser makes the rest of the page inert and closes the dialog on Escape; this adds the Close and
 * "later" buttons, a click on the backdrop, Tab kept inside the dialog, and focus given back on close.
 */
import { HOME_POPUP_CLOSED_KEY } from '../features/home/popup.ts';
import { localIsoDate, runningOfferEndDate } from '../features/home/offer.ts';

function closedThisVisit(): boolean {
  try {
    return window.sessionStorage.getItem(HOME_POPUP_CLOSED_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberClosed(): void {
  try {
    window.sessionStorage.setItem(HOME_POPUP_CLOSED_KEY, '1');
  } catch {
    // Storage is unavailable (a privacy mode): the popup is closed for this page view only.
  }
}

/** The dialog due now: the offer while it runs, else the popup's other design. */
function dueDialog(root: HTMLElement, today: string): HTMLDialogElement | null {
  const offer = root.querySelector<HTMLDialogElement>('dialog[data-popup="offer"]');
  const endDate = root.dataset['offerEndDate'] ?? '';
  if (offer && runningOfferEndDate(endDate, today)) return offer;
  return root.querySelector<HTMLDialogElement>('dialog:not([data-popup="offer"])');
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export function enhance(root: HTMLElement, now: Date = new Date()): void {
  if (closedThisVisit()) return;
  const dialog = dueDialog(root, localIsoDate(now));
  if (!dialog) return;
  const returnFocus = document.activeElement;

  // Remembered as the visitor acts: the browser fires 'close' only in a later task.
  const shut = () => {
    rememberClosed();
    dialog.close();
  };
  dialog.addEventListener('click', (event) => {
    const target = event.target;
    // The dialog itself is hit only on its backdrop: its content fills it.
    if (target === dialog) shut();
    else if (target instanceof Element && target.closest('[data-popup-close]')) shut();
    else if (target instanceof Element && target.closest('a[href]')) rememberClosed();
  });
  dialog.addEventListener('keydown', (event) => {
    // The browser closes a modal dialog on Escape (after this event).
    if (event.key === 'Escape') rememberClosed();
    else keepTabInside(dialog, event);
  });
  dialog.addEventListener('close', () => {
    rememberClosed();
    if (returnFocus instanceof HTMLElement && returnFocus !== document.body && returnFocus.isConnected) {
      returnFocus.focus();
    }
  });
  dialog.showModal();
}
