// Password rules: long enough, and not guessable — zxcvbn's dictionaries include the leaked
// common-password lists and Brazilian Portuguese words and names (ADR 005).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as ptBr from "@zxcvbn-ts/language-pt-br";

export const PASSWORD_MIN = 10;
const PASSWORD_MAX = 128;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...ptBr.dictionary },
  graphs: common.adjacencyGraphs,
  translations: ptBr.translations,
});

/** A pt-BR message saying what is wrong with the password, or null when it is acceptable. */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (password.length < PASSWORD_MIN) return `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`;
  if (password.length > PASSWORD_MAX) return `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`;
  const result = zxcvbn.check(password, personal.filter(Boolean));
  if (result.score < 3) {
    const hint = result.feedback.warning ? ` ${result.feedback.warning}` : "";
    return `Senha fácil de adivinhar (comum, vazada ou baseada em seus dados). Use uma frase com várias palavras.${hint}`;
  }
  return null;
}
