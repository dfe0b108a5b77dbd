// A PENDING check names who must answer it (issue #20): the suppliers of the facts its rule reads.
import { expect, test } from "vitest";
import { answerersByCheck } from "~/domain/facts";
import { jardimMs, lavrasMg } from "~/domain/rule-packs/shipped";

test("in Lavras the platform answers whether it sent the driver's data; the driver answers the car's doors", () => {
  const who = answerersByCheck(lavrasMg, "APLICATIVO", "VINCULADO");
  expect(who.operator_reported_driver).toEqual(["OPERADORA"]);
  expect(who.vehicle_min_doors).toEqual(["CONDUTOR"]);
});

test("in Jardim the driver answers the motorcycle's passenger places and the card's blood type; the portal knows the company", () => {
  const who = answerersByCheck(jardimMs, "MOTOTAXI", "VINCULADO");
  expect(who.vehicle_max_passengers).toEqual(["CONDUTOR"]);
  expect(who.id_card_blood_type).toEqual(["CONDUTOR"]);
  expect(who.id_card_company_name).toEqual(["DERIVED"]);
});
