// What a form page shows after its action (the one `FormFailure` shape: values kept on a refusal,
// so nothing is lost), plus the `?ok=` message after a redirect.
import { useActionData, useLocation, useSearchParams } from "@remix-run/react";
import type { FormErrors, FormFailure, FormValues } from "~/utils/forms";

/** See `formKey` below: new after each navigation, the same across a refusal. */
export const useSentFormKey = () => useLocation().key;

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
    /**
     * A key for a form that adds something (an invitation, a member): new after each navigation —
     * a success redirected back here — so the sent form starts empty; a refusal is no navigation,
     * and what was typed stays.
     */
    formKey: useSentFormKey(),
    /** For <Flash {...flash} />: the success message and the error summary's content. */
    flash: { ok: okMessages[params.get("ok") ?? ""], error, errors },
  };
}
