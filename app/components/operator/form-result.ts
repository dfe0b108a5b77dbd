// What an operator page shows after its form: the action's field errors and typed values (kept
// on a refusal) or its refusal message, and the `?ok=` message after a successful redirect.
import { useActionData, useSearchParams } from "@remix-run/react";

type FormResult = {
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  error?: string | null;
};

export function useFormResult(okMessages: Record<string, string>) {
  const result = useActionData() as FormResult | undefined;
  const [params] = useSearchParams();
  return {
    errors: result?.errors ?? {},
    values: result?.values ?? {},
    /** For <Flash {...flash} />. */
    flash: { ok: okMessages[params.get("ok") ?? ""], error: result?.error ?? null },
  };
}
