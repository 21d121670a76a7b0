/**
 * `Content-Disposition: attachment` for a download, with the file name as plain ASCII (anything else, and
 * quotes and backslashes, become `_`) and, exactly, as RFC 5987 UTF-8.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** `Content-Disposition: inline` for a file the browser shows itself, with the name as for `attachment`. */
export function inline(name: string): string {
  return attachment(name).replace(/^attachment;/, 'inline;');
}

/**
 * The policy of a document shown in the browser. Chrome draws a PDF through an internal `<embed>` with
 * inline styles, which the site's page policy (`object-src 'none'`) would block; this one allows exactly
 * that and still runs no script, loads nothing from elsewhere and cannot be framed.
 */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "object-src 'self'",
  "frame-src 'self'",
  "img-src 'self'",
  "style-src 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
