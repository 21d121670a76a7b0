/**
 * The path a request is routed by: without the query, percent-decoding applied, repeated slashes collapsed.
 * Fastify routes "//api/x" and "/%61pi/x" to /api/x, so every path-based decision must look at this.
 */
export function routedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes stay as they are; the router refuses them.
  }
  return decoded.replace(/\/{2,}/g, '/') || '/';
}

export function isApiPath(url: string): boolean {
  const path = routedPath(url);
  return path === '/api' || path.startsWith('/api/');
}
