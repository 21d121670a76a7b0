import { formatLongDate } from '../offer.ts';
import { HomePopupDialog, type PopupContent } from './home-popup-dialog.tsx';

export type HomePopupProps = PopupContent & {
  /** The site setting `sitepopupsetting`: no popup at all when off. */
  enabled: boolean;
};

/**
 * The home page's promotional popup, as closed <dialog> elements in the server HTML: nothing when the setting
 * is off. The home-popup island (islands/home-popup.ts) opens one after the page loads, unless the visitor
 * closed it earlier in this visit. Type 1 claims the offer only while it runs, judged by the visitor's own
 * date, so the page carries both the offer and the welcome that replaces it once the offer has ended.
 */
export function HomePopup({ enabled, type, offerEndDate, firmName }: HomePopupProps) {
  if (!enabled) return null;
  const offerEnds = type === 1 ? formatLongDate(offerEndDate) : null;
  return (
    <div data-island="home-popup" data-offer-end-date={offerEnds ? offerEndDate.trim() : undefined}>
      {offerEnds && <HomePopupDialog view="offer" offerEnds={offerEnds} firmName={firmName} />}
      {type === 1 && <HomePopupDialog view="welcome" firmName={firmName} />}
      {type === 2 && <HomePopupDialog view="advert" firmName={firmName} />}
      {type === 3 && <HomePopupDialog view="greeting" firmName={firmName} />}
    </div>
  );
}
