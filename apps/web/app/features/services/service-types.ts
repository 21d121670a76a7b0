/** One service on a service page: an h3 heading, a line saying what it is, and what the firm does. */
export type TaxService = {
  /** Anchor id on the page, unique across the site's service pages. */
  id: string;
  /** The heading, short enough to scan: usually the form. */
  title: string;
  /** What the form or service is, in a few words. */
  subtitle: string;
  /** One to three sentences: who needs it and what we do. */
  description: string;
};

/** A group of services under one h2, e.g. "Individual tax services". */
export type TaxServiceGroup = {
  /** Anchor id of the group's section, so other pages can link straight to it. */
  id: string;
  title: string;
  /** One sentence about the group, shown on the page and on the services overview. */
  summary: string;
  services: readonly TaxService[];
};
