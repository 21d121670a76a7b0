/**
 * A Content-Disposition header with the file's name as plain ASCII and, exactly, as RFC 5987 UTF-8:
 * `attachment` (saved) or `inline` (shown by the browser).
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
