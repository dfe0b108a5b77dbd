import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export { loader } from "./route.server";

export default function Index() {
  return (
    <>
      <h1>Credenciamento de motofrete, mototáxi e transporte por aplicativo</h1>
      <p>
        Motoboys, motofretistas, mototaxistas, motoristas de aplicativo e as empresas em que trabalham fazem aqui o
        cadastro na prefeitura, enviam os documentos, acompanham a análise e recebem o crachá e o certificado com QR
        code.
      </p>
      <div className="grade">
        <section className="cartao">
          <h2>Sou condutor ou empresa</h2>
          <p>Crie sua conta com o CPF para pedir ou renovar seu credenciamento.</p>
          <p>
            <Link className="botao" to="/cadastro">
              Criar conta
            </Link>
          </p>
          <p>
            Já tem conta? <Link to="/entrar">Entrar</Link>
          </p>
        </section>
        <section className="cartao">
          <h2>Sou passageiro ou fiscal</h2>
          <p>
            Confira se um crachá ou selo é verdadeiro e está em vigor lendo o QR code ou digitando o código impresso.
          </p>
          <p>
            <Link className="botao secundario" to="/verificar">
              Verificar crachá
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { name: "description", content: "Credenciamento municipal de motofrete, mototáxi e transporte por aplicativo." },
];
