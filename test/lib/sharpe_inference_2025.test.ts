// The numeric example of Lopez de Prado, Lipton and Zoonekynd (2025), as asserted by the authors'
// replication code (github.com/zoonek/2025-sharpe-ratio, functions.py tests): monthly mu 0.036,
// sigma 0.079, T = 24, skew -2.448, raw kurtosis 10.164; each value is also derived by hand below.
import { describe, expect, it } from "vitest";
import { phi, phiInv } from "../../src/lib/normal.js";
import {
  minTrackRecordLength2025,
  oFdr,
  pFdr,
  probabilisticSharpe2025,
  sharpePower2025,
  sharpeStandardError2025,
  sharpeVariance2025,
} from "../../src/lib/sharpe_inference_2025.js";

const SR = 0.036 / 0.079;
const M = { skew: -2.448, kurtosisRaw: 10.164, rho: 0 };
const GAUSS = { skew: 0, kurtosisRaw: 3, rho: 0 };
const r3 = (x: number) => Math.round(x * 1000) / 1000;

describe("2025 Sharpe inference: the paper's numeric example", () => {
  it("standard error 0.329 (non-Gaussian) and 0.214 (Gaussian) at the observed Sharpe", () => {
    expect(r3(sharpeStandardError2025(SR, 24, M))).toBe(0.329);
    expect(r3(sharpeStandardError2025(SR, 24, GAUSS))).toBe(0.214);
    // By hand: (1 + 2.448 SR + 9.164/4 SR^2) / 24.
    expect(sharpeVariance2025(SR, 24, M.skew, M.kurtosisRaw)).toBeCloseTo(
      (1 + 2.448 * SR + (9.164 / 4) * SR * SR) / 24,
      15,
    );
  });
  it("MinTRL 13.029 periods against SR0 = 0 at alpha 0.05 (variance at SR0 = 0 is 1)", () => {
    expect(r3(minTrackRecordLength2025(SR, 0, M, 0.05))).toBe(13.029);
    expect(minTrackRecordLength2025(SR, 0, M, 0.05)).toBeCloseTo((phiInv(0.95) / SR) ** 2, 12);
  });
  it("PSR 0.987 against 0 and 0.939 against 0.1", () => {
    expect(r3(probabilisticSharpe2025(SR, 0, 24, M))).toBe(0.987);
    expect(r3(probabilisticSharpe2025(SR, 0.1, 24, M))).toBe(0.939);
    const v = (1 + 2.448 * 0.1 + (9.164 / 4) * 0.01) / 24;
    expect(probabilisticSharpe2025(SR, 0.1, 24, M)).toBeCloseTo(phi((SR - 0.1) / Math.sqrt(v)), 14);
  });
  it("beta 0.315 against SR1 = 0.5; pFDR 0.581 and oFDR 0.306 at P(H1) = 0.05", () => {
    const beta = 1 - sharpePower2025(0, 0.5, 24, M, 0.05);
    expect(r3(beta)).toBe(0.315);
    expect(r3(pFdr(0.05, 0.05, 0.315))).toBe(0.581);
    expect(r3(oFdr(SR, 0, 0.5, 24, 0.05, M))).toBe(0.306);
  });
  it("AR(1): rho 0.2 multiplies the Gaussian variance at SR 0 by a = 1 + 2 rho / (1 - rho) = 1.5", () => {
    expect(sharpeVariance2025(0, 24, 0, 3, 0.2)).toBeCloseTo(1.5 / 24, 15);
    expect(minTrackRecordLength2025(SR, 0, { ...GAUSS, rho: 0.2 }, 0.05)).toBeCloseTo(
      1.5 * (phiInv(0.95) / SR) ** 2,
      12,
    );
  });
});
