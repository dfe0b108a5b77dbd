import { describe, expect, it } from "vitest";
import { formatFix, placeWithFix } from "~/components/fiscal/geo";

const fix = { latitude: -18.9438123, longitude: -46.9925871, accuracy: 11.6 };

describe("the place with the phone's GPS", () => {
  it("writes the coordinates with dot decimals and the accuracy in metres", () => {
    expect(formatFix(fix)).toBe("GPS -18.943812, -46.992587 (±12 m)");
  });

  it("adds them after what was typed, and a second reading replaces the first", () => {
    const once = placeWithFix("Av. Faria Pereira, 500", fix);
    expect(once).toBe("Av. Faria Pereira, 500 — GPS -18.943812, -46.992587 (±12 m)");
    expect(placeWithFix(once, { ...fix, latitude: -18.9, accuracy: 5 })).toBe(
      "Av. Faria Pereira, 500 — GPS -18.900000, -46.992587 (±5 m)",
    );
    expect(placeWithFix("", fix)).toBe("GPS -18.943812, -46.992587 (±12 m)");
  });

  it("stays within the place's 200 characters, keeping the coordinates whole", () => {
    const long = placeWithFix("x".repeat(300), fix);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith("GPS -18.943812, -46.992587 (±12 m)")).toBe(true);
  });
});
