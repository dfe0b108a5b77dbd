// What "Vincular sua conta gov.br" asks before it opens the account of a gov.br-proven CPF (ADR
// 054): the person's e-mail when gov.br did not verify one (an unverified provider e-mail is never
// stored without the person giving it), the name when gov.br sent none. The page asks only what is
// missing, so the schema is built from what it asks.
import { z } from "zod";
import { zSignUp } from "./account";

export type GovbrAccountAsk = { email: boolean; name: boolean };

export const zGovbrAccount = (ask: GovbrAccountAsk) =>
  z.object({
    email: ask.email ? zSignUp.shape.email : z.undefined().optional(),
    name: ask.name ? zSignUp.shape.name : z.undefined().optional(),
  });

/** Every field the form can ask, for the HTML limits. */
export const zGovbrAccountAll = zGovbrAccount({ email: true, name: true });
