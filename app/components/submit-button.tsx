import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A submit button that says it is working while the form is being sent. */
export function SubmitButton({
  children,
  busyText = "Enviando…",
  className = "botao",
  name,
  value,
}: {
  children: ReactNode;
  busyText?: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy} name={name} value={value}>
      {busy ? busyText : children}
    </button>
  );
}
