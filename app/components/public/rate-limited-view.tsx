export function RateLimitedView({ seconds }: { seconds: number }) {
  return (
    <section className="cartao" role="alert">
      <h1>Muitas consultas</h1>
      <p>
        Foram feitas muitas verificações a partir desta conexão. Aguarde {Math.ceil(seconds / 60)} minuto(s) e tente de
        novo.
      </p>
    </section>
  );
}
