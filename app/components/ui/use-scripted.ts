// Whether the page's script is running: false on the server and until hydration, so a control that
// only the page without JavaScript needs (a "next" button, a plain form) is there until then.
import { useEffect, useState } from "react";

export function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}
