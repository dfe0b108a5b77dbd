// What "Vincular sua conta gov.br" asks when gov.br lacks it (ADR 054): the name, or an e-mail (an
// unverified one is never stored unless the person gives it).
import { z } from "zod";
import { zSignUp } from "./account";

type GovbrAccountAsk = { email: boolean; name: boolean };

export const zGovbrAccount = (ask: GovbrAccountAsk) =>
  z.object({
    email: ask.email ? zSignUp.shape.email : z.undefined().optional(),
    name: ask.name ? zSignUp.shape.name : z.undefined().optional(),
  });

/** Every field the form can ask, for the HTML limits. */
export const zGovbrAccountAll = zGovbrAccount({ email: true, name: true });
