// The account forms, shared by action and page (ADR 021). The dictionary check is the server's
// (zxcvbn's lists stay out of the browser), passed in with `withPasswordCheck`.
import { z } from "zod";
import { zCpf } from "~/domain/br";
import { type FieldList, type FieldSpec, zEmail } from "./fields";

const zLogin = z.string({ error: "Informe seu CPF ou e-mail." }).trim().min(3, "Informe seu CPF ou e-mail.").max(200);

export const zSignUp = z.object({
  cpf: zCpf,
  name: z
    .string({ error: "Informe seu nome completo." })
    .trim()
    .min(5, "Informe seu nome completo.")
    .max(120, "Nome longo demais (máximo 120 caracteres).")
    .refine((n) => n.includes(" "), "Informe nome e sobrenome."),
  email: zEmail("Informe seu e-mail.", 200),
  password: z.string({ error: "Crie uma senha." }),
  confirm: z.string({ error: "Repita a senha." }),
});

export const zSignIn = z.object({
  login: zLogin,
  password: z.string({ error: "Informe sua senha." }).min(1, "Informe sua senha.").max(200),
  voltar: z.string().optional(),
});

/** The portal password that proves an existing account before gov.br is linked to it (ADR 038). */
export const zGovbrLink = z.object({
  password: z.string({ error: "Informe a senha do portal." }).min(1, "Informe a senha do portal.").max(200),
});

export const zForgotPassword = z.object({ login: zLogin });

export const zNewPassword = z.object({
  password: z.string({ error: "Crie uma senha." }),
  confirm: z.string({ error: "Repita a senha." }),
});

/** What is wrong with a password given the person's own words (name, e-mail, CPF), or null. */
type PasswordCheck = (password: string, personal: string[]) => string | null;

/** A password form refined by the server's password rules, then by the confirmation matching. */
export function withPasswordCheck<S extends z.ZodType<{ password: string; confirm: string }>>(
  schema: S,
  problem: PasswordCheck,
  personal: (value: z.output<S>) => string[] = () => [],
) {
  return schema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(passwordErrors(value, problem, personal(value))))
      ctx.addIssue({ code: "custom", path: [path], message });
  });
}

/**
 * Published passwords (the demo's) anyone may try, refused as new ones even in demo mode (issue
 * #35), ignoring case, accents and punctuation, also inside a longer one.
 */
const PUBLISHED_PASSWORDS = ["demonstracao-credencia"];
const bare = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The refusal of a published password (see PUBLISHED_PASSWORDS), or null. */
export function publishedPasswordProblem(password: string): string | null {
  const typed = bare(password);
  return PUBLISHED_PASSWORDS.some((p) => typed.includes(bare(p)))
    ? "Esta é a senha pública da demonstração do portal: qualquer pessoa a conhece. Escolha outra."
    : null;
}

/** The password's problem, or else the confirmation's mismatch: at most one error, by field. */
export function passwordErrors(
  value: { password: string; confirm: string },
  problem: PasswordCheck,
  personal: string[],
): { password?: string; confirm?: string } {
  const found = publishedPasswordProblem(value.password) ?? problem(value.password, personal);
  if (found) return { password: found };
  return value.password !== value.confirm ? { confirm: "As senhas não conferem." } : {};
}

/** The sign-up's own words a password must not be built from: name (and each part), e-mail, CPF. */
export const signUpPersonal = (v: { name: string; email: string; cpf: string }) => [
  v.name,
  v.email,
  v.cpf,
  ...v.name.split(" "),
];

/** A new password typed twice (the page adds the policy's hint). */
const newPassword = (label: string, again: string) =>
  [
    { name: "password", label, type: "password", autoComplete: "new-password" },
    { name: "confirm", label: again, type: "password", autoComplete: "new-password" },
  ] as const satisfies readonly FieldSpec<"password" | "confirm">[];

export const SIGN_UP_FIELDS = [
  { name: "cpf", label: "CPF", hint: "Só os números: o ponto e o traço aparecem sozinhos.", autoComplete: "off" },
  { name: "name", label: "Nome completo", autoComplete: "name" },
  { name: "email", label: "E-mail", type: "email", hint: "Enviaremos um link para confirmar.", autoComplete: "email" },
  ...newPassword("Senha", "Repita a senha"),
] as const satisfies FieldList<keyof typeof zSignUp.shape>;

export const NEW_PASSWORD_FIELDS = newPassword("Nova senha", "Repita a nova senha");
