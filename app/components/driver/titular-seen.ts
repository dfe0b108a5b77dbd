// How a preposto's pages name their titular (Lei 4.883/2017, art. 14): by the CPF typed; the name
// only once the titular has sent something for the application.
type TitularSeenView = { cpf: string; name: string | null };

export function titularText(t: TitularSeenView): string {
  return t.name ? `${t.name} (CPF ${t.cpf})` : `de CPF ${t.cpf}`;
}
