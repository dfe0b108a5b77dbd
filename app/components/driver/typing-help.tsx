// Two helps for the driver's forms (issue #16), as form event handlers so <Field> stays as it is
// and the page works without JavaScript: masks while typing, and a local draft per step so nothing
// typed is lost if the phone drops the connection before "Salvar".
import { type FormEvent, useEffect, useRef, useState } from "react";
import { caretAfter, maskAsTyped, type MaskKind, significant } from "~/domain/br/typing-mask";

const MASKS: Record<string, MaskKind> = { cpf: "cpf", titularCpf: "cpf", phone: "phone", cep: "cep", plate: "plate" };

/** Masks the field typed into, keeping the caret after the same letters and digits. */
export function maskOnInput(event: FormEvent<HTMLFormElement>) {
  const input = event.target as HTMLInputElement;
  const kind = MASKS[input.name];
  if (!kind || input.tagName !== "INPUT") return;
  const before = significant(input.value.slice(0, input.selectionStart ?? input.value.length));
  const masked = maskAsTyped(kind, input.value);
  if (masked === input.value) return;
  input.value = masked;
  if (document.activeElement === input) {
    const at = caretAfter(masked, before);
    input.setSelectionRange(at, at);
  }
}

type Values = Record<string, string | string[] | undefined>;
const SKIP = new Set(["csrf", "depois"]);

function readForm(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name || SKIP.has(el.name) || el.type === "hidden" || el.type === "file" || el.type === "checkbox") continue;
    if (el.type === "radio" && !el.checked) continue;
    if (el.value) out[el.name] = el.value;
  }
  return out;
}

function writeField(form: HTMLFormElement, name: string, value: string) {
  const item = form.elements.namedItem(name);
  if (!item) return false;
  if (item instanceof RadioNodeList) {
    for (const node of Array.from(item) as HTMLInputElement[])
      if (node.type === "radio") node.checked = node.value === value;
  } else (item as HTMLInputElement).value = value;
  return true;
}

const has = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length > 0 : Boolean(v));

/** One step's local draft; after a refused save it keeps only the refused fields (the rest was saved). */
export function useLocalDraft(key: string, saved: Values, refused: Record<string, string | undefined> | null) {
  const ref = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const form = ref.current;
    let draft: Record<string, string> = {};
    try {
      draft = JSON.parse(localStorage.getItem(key) ?? "{}");
    } catch {
      draft = {};
    }
    const left: Record<string, string> = {};
    let wrote = false;
    for (const [name, value] of Object.entries(draft)) {
      if (refused) {
        if (refused[name]) left[name] = value;
        continue;
      }
      if (has(saved[name])) continue;
      left[name] = value;
      if (form && writeField(form, name, value)) wrote = true;
    }
    if (Object.keys(left).length) localStorage.setItem(key, JSON.stringify(left));
    else localStorage.removeItem(key);
    setRestored(wrote);
    // Once per page load and once per answer from the action.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refused]);
  const remember = () => {
    if (ref.current) {
      const values = readForm(ref.current);
      if (Object.keys(values).length) localStorage.setItem(key, JSON.stringify(values));
      else localStorage.removeItem(key);
    }
  };
  return {
    restored,
    form: {
      ref,
      onInput: (event: FormEvent<HTMLFormElement>) => {
        maskOnInput(event);
        remember();
      },
      onChange: remember,
    },
  };
}

/** The notice shown when fields were filled from the local draft. */
export function RestoredNotice({ show }: { show: boolean }) {
  return show ? (
    <div className="aviso atencao" role="status">
      Recuperamos o que você tinha digitado neste aparelho e ainda não foi salvo. Confira e salve.
    </div>
  ) : null;
}
