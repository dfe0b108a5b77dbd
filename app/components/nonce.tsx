// The CSP nonce of the response being rendered (server.js makes one per response and passes it
// through the load context). Only the server knows it; in the browser it is empty, and the
// scripts already on the page keep the nonce they were sent with.
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
