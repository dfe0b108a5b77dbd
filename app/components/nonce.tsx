// The response's CSP nonce (made by server.js per response). Empty in the browser: scripts already
// on the page keep the nonce they were sent with.
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
