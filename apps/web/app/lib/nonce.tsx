import { createContext, useContext } from 'react';

/** The CSP nonce of this server response; empty in the browser, where scripts are already trusted. */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
