/** Helpers for specs that read a page's server-rendered HTML. */

/** The text of HTML with the entities React escapes (&amp;, apostrophes, quotes) decoded. */
export function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}
