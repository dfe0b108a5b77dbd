// What a form page shows after its action (the one `FormFailure` shape: values kept on a refusal,
// so nothing is lost), plus the `?ok=` message after a redirect.
import { useActionData, useSearchParams } from "@remix-run/react";
import type { FormErrors, FormFailure, FormValues } from "~/utils/forms";

export function useFormResult<V = FormValues>(okMessages: Record<string, string> = {}) {
  const result = useActionData() as Partial<FormFailure<V>> | undefined;
  const [params] = useSearchParams();
  const errors: FormErrors = result?.errors ?? {};
  const error = result?.error ?? null;
  return {
    errors,
    values: (result?.values ?? {}) as V,
    error,
    /** Whether the action refused the form (for pages that fall back to saved values otherwise). */
    refused: Boolean(result?.values || result?.errors || result?.error),
    /** For <Flash {...flash} />: the success message and the error summary's content. */
    flash: { ok: okMessages[params.get("ok") ?? ""], error, errors },
  };
}
