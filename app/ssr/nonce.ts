import { createContext, useContext } from 'react';

/** The render's script nonce (see AppLoadContext.nonce); undefined in the browser, which needs none. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
