import { createContext, useContext } from 'react';

/** The CSP nonce of this server response; empty in the browser, where scripts are already trusted. */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The nonce for <style> elements: the response's on the server; in the browser, the page's own (read from a
 * script it trusted, whose `nonce` property keeps the value the attribute hides), for the style elements
 * Mantine adds after hydration.
 */
export function styleNonce(serverNonce: string): string {
  if (serverNonce || typeof document === 'undefined') return serverNonce;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}
