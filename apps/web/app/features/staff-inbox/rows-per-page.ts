/** The page length of every inbox list. */
export const ROWS_PER_PAGE = 25;
