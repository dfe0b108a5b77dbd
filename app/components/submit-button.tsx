import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** The gov.br button (br-button) for a class list in the portal's names: secundario, perigo. */
export function buttonClass(className: string) {
  const words = className.split(/\s+/);
  const look = words.includes("secundario") ? "secondary" : words.includes("perigo") ? "danger" : "primary";
  return `br-button ${look} ${className}`;
}

/** A submit button (br-button) that says it is working while the form is being sent. */
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
    <button type="submit" className={buttonClass(className)} disabled={busy} aria-busy={busy} name={name} value={value}>
      {busy ? busyText : children}
    </button>
  );
}
