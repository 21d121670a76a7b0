/** The IRS's own refund-status tools, shown as the two federal tiles of the tax center. */
export type FederalRefundLink = {
  id: 'refund' | 'amended';
  title: string;
  text: string;
  /** What the tile's link says (before the screen-reader note that it opens a new tab). */
  linkLabel: string;
  url: string;
};

export const FEDERAL_REFUND_LINKS: readonly FederalRefundLink[] = [
  {
    id: 'refund',
    title: 'Where’s My Refund?',
    text: 'Track the refund on your federal Form 1040. Status usually appears within 24 hours after the IRS accepts an e-filed current-year return, and about four weeks after you mail a paper return.',
    linkLabel: 'Check your federal refund on IRS.gov',
    url: 'https://www.irs.gov/wheres-my-refund',
  },
  {
    id: 'amended',
    title: 'Where’s My Amended Return?',
    text: 'Follow a Form 1040-X amended return from received to adjusted to completed. Amended returns take much longer than original returns, so allow several weeks before the first update.',
    linkLabel: 'Check your amended return on IRS.gov',
    url: 'https://www.irs.gov/filing/wheres-my-amended-return',
  },
];
