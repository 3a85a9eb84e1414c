import { createContext, useContext } from 'react'

const NonceContext = createContext<string | undefined>(undefined)

/** The request's CSP nonce, for Remix's inline scripts. */
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
