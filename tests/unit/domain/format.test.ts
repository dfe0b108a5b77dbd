import { describe, expect, it } from "vitest";
import {
  formatBrl,
  formatBytes,
  formatCnpj,
  formatCount,
  formatCpf,
  formatDate,
  formatDateTime,
  formatDayOf,
  formatDuration,
  formatInstant,
  formatNumber,
  formatPhone,
  formatPlate,
  formatYears,
  maskCpf,
  parseDecimal,
  plural,
} from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time";

const NBSP = "\u00a0";

describe("dates and instants in pt-BR", () => {
  it("writes a civil date day first, and leaves anything else as it came", () => {
    expect(formatDate("2025-03-01")).toBe("01/03/2025");
    expect(formatDate("2025-12-31")).toBe("31/12/2025");
    expect(formatDate("")).toBe("");
    expect(formatDate("março")).toBe("março");
  });

  it("writes a wall-clock time with 'às'", () => {
    expect(formatDateTime("2026-06-10T23:30")).toBe("10/06/2026 às 23:30");
    expect(formatDateTime("2026-06-10T07:05:59")).toBe("10/06/2026 às 07:05");
    expect(formatDateTime("amanhã")).toBe("amanhã");
  });

  it("writes an instant on the municipality's clock, not the server's nor Brasília's", () => {
    const at = "2026-06-11T02:30:00Z";
    expect(formatInstant(at, "America/Sao_Paulo")).toBe("10/06/2026, 23:30");
    expect(formatInstant(at, "America/Manaus")).toBe("10/06/2026, 22:30");
    expect(formatInstant(at, "America/Campo_Grande")).toBe("10/06/2026, 22:30");
    expect(formatInstant(at, "America/Rio_Branco")).toBe("10/06/2026, 21:30");
    expect(formatInstant(at, "America/Noronha")).toBe("11/06/2026, 00:30");
    expect(formatInstant(new Date(at), DEFAULT_TIME_ZONE)).toBe("10/06/2026, 23:30");
  });

  it("gives the day an instant falls on in each zone, across midnight", () => {
    const at = new Date("2026-01-01T02:30:00Z");
    expect(formatDayOf(at, "America/Sao_Paulo")).toBe("31/12/2025");
    expect(formatDayOf(at, "America/Noronha")).toBe("01/01/2026");
    expect(formatDayOf(at, "America/Manaus")).toBe("31/12/2025");
    expect(formatDayOf("2026-01-01T04:00:00Z", "America/Manaus")).toBe("01/01/2026");
  });

  it("keeps the same hour all year: Brazilian zones have no daylight saving since 2019", () => {
    for (const month of ["01", "04", "07", "10", "12"]) {
      expect(formatInstant(`2026-${month}-15T15:00:00Z`, "America/Sao_Paulo")).toBe(`15/${month}/2026, 12:00`);
      expect(formatInstant(`2026-${month}-15T15:00:00Z`, "America/Manaus")).toBe(`15/${month}/2026, 11:00`);
    }
  });

  it("refuses an unknown zone instead of writing another municipality's time", () => {
    expect(() => formatInstant("2026-06-11T02:30:00Z", "America/Atlantida")).toThrow(RangeError);
  });
});

describe("money, numbers, counts and durations", () => {
  it("writes reais with the comma and the thousands dot", () => {
    expect(formatBrl(1518)).toBe(`R$${NBSP}1.518,00`);
    expect(formatBrl(10000)).toBe(`R$${NBSP}10.000,00`);
    expect(formatBrl(0.5)).toBe(`R$${NBSP}0,50`);
  });

  it("groups thousands and writes decimals with a comma", () => {
    expect(formatNumber(12345)).toBe("12.345");
    expect(formatNumber(2.5)).toBe("2,5");
    expect(formatNumber(9.87, 1)).toBe("9,9");
    expect(formatNumber(12.4, 0)).toBe("12");
  });

  it("puts the noun in the number the count asks for, never 'ano(s)'", () => {
    expect(formatYears(1)).toBe("1 ano");
    expect(formatYears(2)).toBe("2 anos");
    expect(formatYears(0)).toBe("0 anos");
    expect(formatCount(1, "dia", "dias")).toBe("1 dia");
    expect(formatCount(1500, "habitante", "habitantes")).toBe("1.500 habitantes");
    expect(formatCount(1.5, "salário mínimo", "salários mínimos")).toBe("1,5 salário mínimo");
    expect(formatCount(2, "salário mínimo", "salários mínimos")).toBe("2 salários mínimos");
    expect(formatCount(0.5, "salário mínimo", "salários mínimos")).toBe("0,5 salário mínimo");
    expect(plural(1, "condutor", "condutores")).toBe("condutor");
    expect(plural(3, "condutor", "condutores")).toBe("condutores");
  });

  it("reads ISO-8601 durations in words", () => {
    expect(formatDuration("P1Y")).toBe("1 ano");
    expect(formatDuration("P2Y6M")).toBe("2 anos e 6 meses");
    expect(formatDuration("P1M")).toBe("1 mês");
    expect(formatDuration("P3W")).toBe("3 semanas");
    expect(formatDuration("P5D")).toBe("5 dias");
    expect(formatDuration("PT1H")).toBe("1 hora");
    expect(formatDuration("PT72H")).toBe("72 horas");
    expect(formatDuration("P1D")).toBe("1 dia");
    expect(formatDuration("daqui a pouco")).toBe("daqui a pouco");
  });

  it("writes file sizes in KB below a megabyte and MB with one decimal above", () => {
    expect(formatBytes(10)).toBe("1 KB");
    expect(formatBytes(340 * 1024)).toBe("340 KB");
    expect(formatBytes(2.5 * 1024 * 1024)).toBe("2,5 MB");
  });
});

describe("numbers as typed in Brazil", () => {
  it("reads a decimal comma and thousands dots, and refuses what is not a number", () => {
    expect(parseDecimal("2,5")).toBe(2.5);
    expect(parseDecimal("1.250,50")).toBe(1250.5);
    expect(parseDecimal("R$ 10.000")).toBe(10000);
    expect(parseDecimal(" 5 ")).toBe(5);
    expect(parseDecimal("2.5")).toBe(2.5);
    for (const text of ["", "dez", "1,2,3", "1.25,0", "12,", "2.5.1"]) expect(parseDecimal(text)).toBeNaN();
  });
});

describe("Brazilian identifiers", () => {
  it("masks CPF, CNPJ, plates and phones as printed", () => {
    expect(formatCpf("12345678909")).toBe("123.456.789-09");
    expect(maskCpf("12345678909")).toBe("***.456.789-**");
    expect(formatCnpj("12345678000195")).toBe("12.345.678/0001-95");
    expect(formatPlate("hqw4821")).toBe("HQW-4821");
    expect(formatPlate("QAB1C23")).toBe("QAB1C23");
    expect(formatPhone("37999991234")).toBe("(37) 99999-1234");
  });
});
