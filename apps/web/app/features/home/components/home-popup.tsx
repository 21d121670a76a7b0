import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { PopupContent } from './home-popup-dialog.tsx';

/** sessionStorage key: set once the visitor closes the popup, so it stays closed for the rest of the visit. */
export const HOME_POPUP_CLOSED_KEY = 'home_popup_closed';

// The dialog's code is fetched only when a popup is due, keeping it out of the home page's own bundle.
const HomePopupDialog = lazy(() =>
  import('./home-popup-dialog.tsx').then((m) => ({ default: m.HomePopupDialog })),
);

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

const noSubscription = () => () => {};

export type HomePopupProps = PopupContent & {
  /** The site setting `sitepopupsetting`: no popup at all when off. */
  enabled: boolean;
};

/**
 * The home page's promotional popup. It is never in the server HTML: it opens in the browser after hydration,
 * when the setting is on and the visitor has not closed it earlier in this visit.
 */
export function HomePopup({ enabled, ...content }: HomePopupProps) {
  // On the server and during hydration this reads "closed"; afterwards, the visit's sessionStorage.
  const closedEarlier = useSyncExternalStore(noSubscription, closedThisVisit, () => true);
  const [closedNow, setClosedNow] = useState(false);
  if (!enabled || (closedEarlier && !closedNow)) return null;
  return (
    <Suspense fallback={null}>
      <HomePopupDialog
        {...content}
        opened={!closedNow}
        onClose={() => {
          rememberClosed();
          setClosedNow(true);
        }}
      />
    </Suspense>
  );
}
