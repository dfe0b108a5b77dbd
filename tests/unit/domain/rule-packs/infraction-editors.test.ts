// The infractions in forms (issue #30's editor): each class's name and penalty, and each infraction's
// words, offender, class and the penalty the law ties to it — warning, fine (fixed, a range, or left
// to a regulation), suspension, cassação — keeping what a penalty has besides.
import { describe, expect, it } from "vitest";
import { type Doc, itauna, newTown, patrocinio, typedAll, typedFor, view, write, written } from "./list-forms";

type Infractions = { classes: Doc[]; catalogue: Doc[] };
const infractionsOf = (doc: Doc) => doc.infractions as Infractions;
const ITAUNA = infractionsOf(JSON.parse(itauna));
const PATROCINIO = infractionsOf(JSON.parse(patrocinio));
const classOf = (doc: Doc, code: string) => infractionsOf(doc).classes.find((c) => c.code === code)!;
const infractionOf = (doc: Doc, code: string) => infractionsOf(doc).catalogue.find((i) => i.code === code)!;
const NO_PENALTY = {
  advertencia: "",
  cassacao: "",
  multa_valor: "",
  multa_min: "",
  multa_max: "",
  multa_unidade: "",
  regulamento: "",
  suspensao_dias: "",
};

describe("infraction classes: name and penalty", () => {
  it("reads each class's penalty as fields, in the town's units", () => {
    const classes = view("classes", itauna);
    expect(classes.entries.map((e) => [e.key, e.title])).toEqual([
      ["LEVE", "Leve"],
      ["MEDIA", "Média"],
      ["GRAVE", "Grave"],
    ]);
    expect(classes.entries.map((e) => e.values)).toEqual([
      { ...NO_PENALTY, nome: "Leve", advertencia: "1", multa_max: "2", multa_unidade: "UFPM" },
      { ...NO_PENALTY, nome: "Média", multa_max: "4", multa_unidade: "UFPM", suspensao_dias: "15" },
      { ...NO_PENALTY, nome: "Grave", cassacao: "1", multa_max: "6", multa_unidade: "UFPM" },
    ]);
    const unit = classes.fields.find((f) => f.name === "multa_unidade")!;
    expect(unit.options!.map((o) => o.value)).toEqual(["UFPM", "BRL", "SALARIO_MINIMO"]);
    // A fine left to the regulation, and a suspension for as long as the law does not say.
    expect(view("classes", patrocinio).entries[0].values).toMatchObject({
      advertencia: "1",
      cassacao: "1",
      multa_unidade: "UFM",
      regulamento: "1",
      suspensao_dias: "0",
    });
  });

  it("changes nothing when nothing was changed", () => {
    for (const text of [itauna, patrocinio]) {
      const result = written("classes", text, typedAll("classes", text));
      expect(result).toMatchObject({ changed: 0, doc: JSON.parse(text) });
    }
  });

  it("writes a range in decimals and an unticked warning in their places, without setByRegulation", () => {
    const result = written(
      "classes",
      itauna,
      typedFor("classes", itauna, "LEVE", { advertencia: "", multa_min: "0,5", multa_max: "2,5" }),
    );
    expect(result.changed).toBe(1);
    const leve = classOf(result.doc, "LEVE");
    expect(leve).toEqual({
      ...ITAUNA.classes[0],
      penalty: { warning: false, fine: { max: 2.5, unit: "UFPM", min: 0.5 }, citation: "Lei 4.785/2013, art. 24, I" },
    });
    expect(Object.keys(leve.penalty as Doc)).toEqual(["warning", "fine", "citation"]);
    expect(Object.keys((leve.penalty as { fine: Doc }).fine)).toEqual(["max", "unit", "min"]);
  });

  it("keeps what the penalty has besides, and adds a suspension and cassação where they were not", () => {
    const result = written("classes", itauna, {
      ...typedFor("classes", itauna, "MEDIA", { cassacao: "1", suspensao_dias: "" }),
      ...typedFor("classes", itauna, "GRAVE", { cassacao: "", suspensao_dias: "30", regulamento: "1" }),
    });
    expect(result.changed).toBe(2);
    expect(classOf(result.doc, "MEDIA").penalty).toEqual({
      fine: { max: 4, unit: "UFPM" },
      citation: "Lei 4.785/2013, art. 24, II",
      cassacao: true,
    });
    const grave = classOf(result.doc, "GRAVE").penalty as Doc;
    expect(grave).toEqual({
      cassacao: false,
      fine: { max: 6, unit: "UFPM", setByRegulation: true },
      other: ["cancelamento do alvará"],
      citation: "Lei 4.785/2013, art. 24, III",
      suspension: { maxDays: 30 },
    });
    expect(Object.keys(grave)).toEqual(["cassacao", "fine", "other", "citation", "suspension"]);
  });

  it("removes the fine when every amount is blank, the regulation unticked and no unit chosen", () => {
    const result = written(
      "classes",
      itauna,
      typedFor("classes", itauna, "MEDIA", { multa_max: "", multa_unidade: "" }),
    );
    expect(classOf(result.doc, "MEDIA").penalty).toEqual({
      suspension: { maxDays: 15 },
      citation: "Lei 4.785/2013, art. 24, II",
    });
  });

  it("keeps setByRegulation once there, false when unticked, and a suspension without days", () => {
    const result = written("classes", patrocinio, {
      ...typedFor("classes", patrocinio, "LEVE", { regulamento: "", multa_valor: "3" }),
      ...typedFor("classes", patrocinio, "MEDIA", { suspensao_dias: "" }),
      ...typedFor("classes", patrocinio, "GRAVE", { suspensao_dias: "10" }),
    });
    expect(result.changed).toBe(3);
    expect((classOf(result.doc, "LEVE").penalty as Doc).fine).toEqual({
      unit: "UFM",
      setByRegulation: false,
      amount: 3,
    });
    expect(classOf(result.doc, "MEDIA").penalty).not.toHaveProperty("suspension");
    expect((classOf(result.doc, "GRAVE").penalty as Doc).suspension).toEqual({ maxDays: 10 });
    expect(classOf(result.doc, "GRAVISSIMA")).toEqual(PATROCINIO.classes[3]);
  });

  it("takes 0 for the minimum only, and refuses a negative amount of any kind", () => {
    const result = written("classes", itauna, typedFor("classes", itauna, "LEVE", { multa_min: "0" }));
    expect(result.changed).toBe(1);
    expect((classOf(result.doc, "LEVE").penalty as Doc).fine).toEqual({ max: 2, unit: "UFPM", min: 0 });
    const positive = "informe um número maior que zero (decimais com vírgula) ou deixe em branco.";
    const anyNumber = "informe um número (decimais com vírgula) ou deixe em branco.";
    for (const [field, value, message] of [
      ["multa_min", "-1", anyNumber],
      ["multa_min", "-0,5", anyNumber],
      ["multa_max", "0", positive],
      ["multa_max", "-2", positive],
      ["multa_valor", "0", positive],
      ["multa_valor", "-3", positive],
    ])
      expect(write("classes", itauna, typedFor("classes", itauna, "LEVE", { multa_min: "1", [field]: value }))).toEqual(
        {
          ok: false,
          errors: { [`classes.0.${field}`]: `LEVE: ${message}` },
        },
      );
  });

  it("keeps a wrong fixed amount's own message when a unit is chosen", () => {
    expect(
      write(
        "classes",
        itauna,
        typedFor("classes", itauna, "MEDIA", { multa_valor: "dez", multa_max: "", multa_unidade: "UFPM" }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        "classes.1.multa_valor": "MEDIA: informe um número maior que zero (decimais com vírgula) ou deixe em branco.",
      },
    });
  });

  it("names every wrong field of a class, and writes nothing", () => {
    expect(
      write("classes", itauna, {
        ...typedFor("classes", itauna, "LEVE", {
          nome: "",
          multa_valor: "1",
          multa_min: "-1",
          multa_max: "0",
          multa_unidade: "USD",
        }),
        ...typedFor("classes", itauna, "MEDIA", {
          multa_valor: "dez",
          multa_max: "",
          multa_unidade: "",
          suspensao_dias: "-2",
        }),
        ...typedFor("classes", itauna, "GRAVE", { multa_max: "" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "classes.0.nome": "LEVE: escreva o nome da classe, como a lei a chama.",
        "classes.0.multa_min": "LEVE: informe um número (decimais com vírgula) ou deixe em branco.",
        "classes.0.multa_max": "LEVE: informe um número maior que zero (decimais com vírgula) ou deixe em branco.",
        "classes.0.multa_unidade": "LEVE: escolha a unidade da multa.",
        "classes.1.multa_valor": "MEDIA: informe um número maior que zero (decimais com vírgula) ou deixe em branco.",
        "classes.1.multa_unidade": "MEDIA: escolha a unidade da multa.",
        "classes.1.suspensao_dias": "MEDIA: informe os dias de suspensão, um número inteiro (0 quando a lei não diz).",
        "classes.2.multa_valor": "GRAVE: informe o valor da multa, ou marque que fica para o regulamento.",
      },
    });
  });
});

describe("infractions: class and own penalty", () => {
  it("offers the draft's classes, and draws the penalty's fields only for an infraction with its own", () => {
    const infractions = view("infracoes", itauna);
    const classe = infractions.fields.find((f) => f.name === "classe")!;
    expect(classe.options).toEqual([
      { value: "LEVE", label: "Leve" },
      { value: "MEDIA", label: "Média" },
      { value: "GRAVE", label: "Grave" },
    ]);
    expect(infractions.entries[0].values).toEqual({
      descricao: ITAUNA.catalogue[0].description,
      quem: "QUALQUER",
      classe: "LEVE",
    });
    expect(infractions.entries[3].values).toEqual({
      ...NO_PENALTY,
      descricao: ITAUNA.catalogue[3].description,
      quem: "OPERADORA",
      classe: "",
      cassacao: "1",
    });
    expect(view("infracoes", newTown).fields.map((f) => f.name)).not.toContain("classe");
    const pat = view("infracoes", patrocinio).entries;
    expect(pat).toHaveLength(47);
    expect(pat.filter((e) => e.values.classe).length).toBe(44);
    expect(pat.filter((e) => "multa_valor" in e.values).map((e) => e.key)).toEqual([
      "ART32_MOTOTAXI_SEM_PERMISSAO",
      "ART35_CONDENACAO_CRIMINAL",
      "ART15_PUBLICIDADE_BENS_PUBLICOS",
    ]);
  });

  it("changes nothing when nothing was changed", () => {
    for (const text of [itauna, patrocinio, newTown]) {
      const result = written("infracoes", text, typedAll("infracoes", text));
      expect(result).toMatchObject({ changed: 0, doc: JSON.parse(text) });
    }
  });

  it("writes a new class in its place, and adds no penalty to a classed infraction", () => {
    const result = written(
      "infracoes",
      itauna,
      typedFor("infracoes", itauna, "DECORO", { classe: "GRAVE", multa_valor: "5", multa_unidade: "UFPM" }),
    );
    expect(result.changed).toBe(1);
    const decoro = infractionOf(result.doc, "DECORO");
    expect(decoro).toEqual({ ...ITAUNA.catalogue[0], class: "GRAVE" });
    expect(Object.keys(decoro)).toEqual(Object.keys(ITAUNA.catalogue[0]));
  });

  it("writes an own penalty's fine and warning, keeping seizure, other measures and citation", () => {
    const result = written("infracoes", patrocinio, {
      ...typedFor("infracoes", patrocinio, "ART32_MOTOTAXI_SEM_PERMISSAO", { multa_valor: "7,5", advertencia: "1" }),
      ...typedFor("infracoes", patrocinio, "ART15_PUBLICIDADE_BENS_PUBLICOS", { classe: "GRAVE", cassacao: "" }),
    });
    expect(result.changed).toBe(2);
    const art32 = infractionOf(result.doc, "ART32_MOTOTAXI_SEM_PERMISSAO");
    expect(art32.penalty).toEqual({
      fine: { amount: 7.5, unit: "UFM" },
      vehicleSeizure: true,
      citation: "Lei 4.883/2017, art. 32",
      warning: true,
    });
    expect(Object.keys(art32.penalty as Doc)).toEqual(["fine", "vehicleSeizure", "citation", "warning"]);
    expect(infractionOf(result.doc, "ART15_PUBLICIDADE_BENS_PUBLICOS")).toEqual({
      ...PATROCINIO.catalogue.find((i) => i.code === "ART15_PUBLICIDADE_BENS_PUBLICOS"),
      penalty: {
        cassacao: false,
        other: ["penalidade do art. 163 do Código Penal"],
        citation: "Lei 4.883/2017, art. 15, parágrafo único",
      },
      class: "GRAVE",
    });
  });

  it("drops the class of an infraction with its own penalty when none is chosen", () => {
    const text = JSON.stringify({
      ...JSON.parse(itauna),
      infractions: { ...ITAUNA, catalogue: [{ ...ITAUNA.catalogue[3], class: "MEDIA" }] },
    });
    const result = written("infracoes", text, typedFor("infracoes", text, "OMISSAO_COMUNICACAO_72H", { classe: "" }));
    expect(infractionsOf(result.doc).catalogue).toEqual([ITAUNA.catalogue[3]]);
  });

  it("names every wrong field of an infraction, its penalty's too, and writes nothing", () => {
    expect(
      write("infracoes", itauna, {
        ...typedFor("infracoes", itauna, "DECORO", { classe: "" }),
        ...typedFor("infracoes", itauna, "CADASTRO", { classe: "GRAVISSIMA", quem: "" }),
        ...typedFor("infracoes", itauna, "DANO_OU_RISCO", { descricao: "Causar dano" }),
        ...typedFor("infracoes", itauna, "OMISSAO_COMUNICACAO_72H", { descricao: "", multa_max: "x" }),
      }),
    ).toEqual({
      ok: false,
      errors: {
        "infracoes.0.classe": "DECORO: escolha a classe: a infração não tem penalidade própria.",
        "infracoes.1.quem": "CADASTRO: escolha quem comete a infração.",
        "infracoes.1.classe": "CADASTRO: escolha uma das classes.",
        "infracoes.3.descricao": "OMISSAO_COMUNICACAO_72H: escreva o que a infração é.",
        "infracoes.3.multa_max":
          "OMISSAO_COMUNICACAO_72H: informe um número maior que zero (decimais com vírgula) ou deixe em branco.",
        "infracoes.3.multa_unidade": "OMISSAO_COMUNICACAO_72H: escolha a unidade da multa.",
      },
    });
  });
});
