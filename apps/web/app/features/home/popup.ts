/** sessionStorage key: set once the visitor closes the home popup, so it stays closed for the rest of the visit. */
export const HOME_POPUP_CLOSED_KEY = 'home_popup_closed';
