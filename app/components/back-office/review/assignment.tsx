// Who has the application, and the buttons to take it, take it over or give it back.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

type Props = {
  assignedToId: string | null;
  assignedToName: string | null;
  /** The application is the viewer's. */
  mine: boolean;
  can: { review: boolean; release: boolean };
};

export function AssignmentForm({ assignedToId, assignedToName, mine, can }: Props) {
  return (
    <Form method="post" className="bo-responsavel" aria-label="Responsável pela análise">
      <CsrfInput />
      <span>
        {assignedToId ? (
          <>
            Com <strong>{mine ? "você" : assignedToName}</strong>.
          </>
        ) : (
          <>Sem responsável.</>
        )}
      </span>
      {can.review && !mine && !assignedToId ? (
        <button type="submit" name="intent" value="assign" className="botao pequeno secundario">
          Atribuir a mim
        </button>
      ) : null}
      {can.review && !mine && assignedToId ? (
        <button type="submit" name="intent" value="take_over" className="botao pequeno secundario">
          Assumir de {assignedToName}
        </button>
      ) : null}
      {can.release && mine ? (
        <button type="submit" name="intent" value="release" className="link-botao">
          Devolver à fila
        </button>
      ) : null}
    </Form>
  );
}
