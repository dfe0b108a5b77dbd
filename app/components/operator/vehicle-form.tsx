// Adding a vehicle to the operator's fleet: its registration, as in the CRLV, and its owner.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { REGISTRATION_CATEGORIES } from "~/domain/rule-packs/vocabulary";
import { constraintsOf } from "~/forms/constraints";
import { zVehicle } from "~/forms/operator";
import type { FormErrors, FormValues } from "~/utils/forms";

const LIMITS = constraintsOf(zVehicle);

type FormState = { errors: FormErrors; values: FormValues };

export function VehicleForm(
  props: FormState & {
    /** The law gives each vehicle a control number in the company. */
    control: { citation: string } | null;
    ownership: { allowed: string; leased: string; citation: string } | null;
  },
) {
  const { errors, values: v } = props;
  const { control, ownership } = props;
  return (
    <section className="cartao" aria-labelledby="incluir">
      <h2 id="incluir">Incluir veículo</h2>
      {ownership ? (
        <p className="dica">
          Proprietário: {ownership.allowed}
          {ownership.leased ? `; ${ownership.leased} só com contrato de locação` : ""} ({ownership.citation}).
        </p>
      ) : null}
      <Form method="post" noValidate>
        <CsrfInput />
        <div className="colunas">
          <Field label="Placa" name="plate" defaultValue={v.plate} error={errors.plate} constraint={LIMITS.plate} />
          <Field
            label="RENAVAM (opcional)"
            name="renavam"
            defaultValue={v.renavam}
            error={errors.renavam}
            constraint={LIMITS.renavam}
          />
          {control ? (
            <Field
              label="Número de controle na empresa"
              name="controlNumber"
              defaultValue={v.controlNumber}
              error={errors.controlNumber}
              hint={control.citation}
              constraint={LIMITS.controlNumber}
            />
          ) : null}
        </div>
        <div className="colunas">
          <Field label="Marca" name="make" defaultValue={v.make} error={errors.make} constraint={LIMITS.make} />
          <Field label="Modelo" name="model" defaultValue={v.model} error={errors.model} constraint={LIMITS.model} />
          <Field label="Cor" name="colour" defaultValue={v.colour} error={errors.colour} constraint={LIMITS.colour} />
        </div>
        <div className="colunas">
          <Field
            label="Ano de fabricação"
            name="manufactureYear"
            defaultValue={v.manufactureYear}
            error={errors.manufactureYear}
            constraint={LIMITS.manufactureYear}
          />
          <Field
            label="Ano do modelo"
            name="modelYear"
            defaultValue={v.modelYear}
            error={errors.modelYear}
            constraint={LIMITS.modelYear}
          />
          <Field
            label="Data do primeiro emplacamento"
            name="firstRegistrationDate"
            type="date"
            defaultValue={v.firstRegistrationDate}
            error={errors.firstRegistrationDate}
            constraint={LIMITS.firstRegistrationDate}
          />
        </div>
        <div className="colunas">
          <Field
            label="Cilindrada (cc)"
            name="displacementCc"
            defaultValue={v.displacementCc}
            error={errors.displacementCc}
            constraint={LIMITS.displacementCc}
          />
          <Field label="Portas" name="doors" defaultValue={v.doors} error={errors.doors} constraint={LIMITS.doors} />
          <Field
            label="Lugares para passageiros"
            name="passengerSeats"
            defaultValue={v.passengerSeats}
            error={errors.passengerSeats}
            constraint={LIMITS.passengerSeats}
          />
        </div>
        <SelectField
          label="Categoria do registro"
          name="registrationCategory"
          defaultValue={v.registrationCategory}
          error={errors.registrationCategory}
          options={REGISTRATION_CATEGORIES.map((c) => ({ value: c, label: c }))}
          constraint={LIMITS.registrationCategory}
        />
        <YesNo
          legend="O veículo é licenciado no município?"
          name="licensedInMunicipality"
          value={v.licensedInMunicipality}
        />
        <YesNo legend="O licenciamento está em dia?" name="licensingUpToDate" value={v.licensingUpToDate} />
        <OwnerFields errors={errors} values={v} />
        <SubmitButton busyText="Incluindo…">Incluir na frota</SubmitButton>
      </Form>
    </section>
  );
}

function OwnerFields({ errors, values: v }: FormState) {
  return (
    <fieldset>
      <legend>Proprietário (como no CRLV)</legend>
      <div className="colunas">
        <Field
          label="CPF ou CNPJ do proprietário"
          name="ownerTaxId"
          defaultValue={v.ownerTaxId}
          error={errors.ownerTaxId}
          constraint={LIMITS.ownerTaxId}
        />
        <Field
          label="Nome do proprietário"
          name="ownerName"
          defaultValue={v.ownerName}
          error={errors.ownerName}
          constraint={LIMITS.ownerName}
        />
      </div>
      <div className="campo opcoes">
        <label>
          <input type="checkbox" name="leased" value="sim" defaultChecked={v.leased === "sim"} /> Veículo locado (há
          contrato de locação)
        </label>
      </div>
    </fieldset>
  );
}
