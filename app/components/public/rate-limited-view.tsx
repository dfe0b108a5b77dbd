import { formatCount } from "~/domain/format";

export function RateLimitedView({ seconds }: { seconds: number }) {
  return (
    <section className="cartao" role="alert">
      <h1>Muitas consultas</h1>
      <p>
        Foram feitas muitas verificações a partir desta conexão. Aguarde{" "}
        {formatCount(Math.max(1, Math.ceil(seconds / 60)), "minuto", "minutos")} e tente de novo.
      </p>
    </section>
  );
}
