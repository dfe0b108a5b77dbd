// How a preposto's pages name the titular their application names (Lei 4.883/2017, art. 14):
// the CPF the preposto typed, and the titular's name only once the titular has sent something
// for the application (app/models/preposto.server.ts, titularSeenByPreposto).
export type TitularSeenView = { cpf: string; name: string | null };

export function titularText(t: TitularSeenView): string {
  return t.name ? `${t.name} (CPF ${t.cpf})` : `de CPF ${t.cpf}`;
}
