import { createContext } from 'react';

/**
 * What the signed-in person may do on the profile (issue 38): the holder and a spouse member everything; a
 * household delegate reads it, with identity numbers masked only (the server refuses the rest too).
 */
export type ProfileRights = { canReveal: boolean; canEdit: boolean };

export const ProfileRightsContext = createContext<ProfileRights>({ canReveal: true, canEdit: true });
