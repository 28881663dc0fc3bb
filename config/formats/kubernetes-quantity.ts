import { MAX_INT64 } from "./int64";

/**
 * resource.Quantity as k8s.io/apimachinery's parseQuantityString and suffixer read it: an optional
 * sign, digits with an optional '.' and fraction (1., .5 and 1.5 all parse), then one suffix:
 * binary Ki..Ei, decimal n, u, m, k, M, G, T, P, E, or an exponent e3 / E-3 / e+3. "1E" is exa,
 * "1E3" is 1000, "1e" and "1K" are errors; nothing may follow the suffix, nothing may surround it.
 */
const KUBERNETES_QUANTITY = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/;

const BINARY_EXPONENT: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_EXPONENT: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

const QUANTITY_FORMAT =
    "a positive Kubernetes quantity: a decimal number with an optional binary suffix (Ki, Mi, Gi, Ti, Pi, Ei), " +
    "decimal suffix (n, u, m, k, M, G, T, P, E) or exponent (e3), such as 400Mi, 1.5Gi, 500m or 1e9 " +
    "(MB, TB or a space are not part of a quantity)";

interface Quantity {
    negative: boolean;
    /** The digits of the number without the '.', leading zeros stripped; "" for zero. */
    mantissa: string;
    /** How many of those digits follow the '.'. */
    scale: number;
    base: 2 | 10;
    exponent: number;
    integerPart: string;
    fraction: string;
}

function parseQuantity(value: string): Quantity | undefined {
    const match = KUBERNETES_QUANTITY.exec(value);
    if (!match) {
        return undefined;
    }
    const [, sign, integerPart, fraction = "", suffix = ""] = match;
    if (integerPart === "" && fraction === "") {
        return undefined;
    }
    const base = suffix in BINARY_EXPONENT ? 2 : 10;
    const exponent = base === 2 ? BINARY_EXPONENT[suffix] : suffix in DECIMAL_EXPONENT ? DECIMAL_EXPONENT[suffix] : Number(suffix.slice(1));
    return {
        negative: sign === "-",
        mantissa: (integerPart + fraction).replace(/^0+/, ""),
        scale: fraction.length,
        base,
        exponent,
        integerPart,
        fraction,
    };
}

/** How a positive quantity compares with the bounds Kubernetes keeps exactly: 1n to 2^63-1. */
function quantityRange(q: Quantity): "ok" | "too large" | "too fine" {
    const m = BigInt(q.mantissa);
    if (q.base === 2) {
        // value = m * 2^exponent / 10^scale
        const numerator = m << BigInt(q.exponent);
        const denominator = 10n ** BigInt(q.scale);
        if (numerator > MAX_INT64 * denominator) {
            return "too large";
        }
        return (numerator * 1_000_000_000n) % denominator === 0n ? "ok" : "too fine";
    }
    // value = m * 10^k with 10^(digits-1) <= m < 10^digits; decide far-out exponents by magnitude
    // alone, so that 1e999999999 costs nothing.
    const k = q.exponent - q.scale;
    const magnitude = q.mantissa.length + k;
    if (!Number.isFinite(k) || magnitude > 19) {
        return k > 0 ? "too large" : "too fine";
    }
    if (magnitude <= -9) {
        return "too fine";
    }
    if (k >= 0 ? m * 10n ** BigInt(k) > MAX_INT64 : m > MAX_INT64 * 10n ** BigInt(-k)) {
        return "too large";
    }
    return k + 9 >= 0 || m % 10n ** BigInt(-(k + 9)) === 0n ? "ok" : "too fine";
}

export function kubernetesQuantity(value: string): string | undefined {
    const q = parseQuantity(value);
    if (q === undefined) {
        return QUANTITY_FORMAT;
    }
    if (q.negative || q.mantissa === "") {
        return `${QUANTITY_FORMAT}; it must be more than 0`;
    }
    switch (quantityRange(q)) {
        case "too large":
            return (
                "a Kubernetes quantity below 8Ei (2^63 base units): Kubernetes holds quantities as 64-bit integers, " +
                "caps a larger binary one at 2^63-1 and overflows a larger decimal one"
            );
        case "too fine":
            return (
                "a Kubernetes quantity that is a whole number of nano units (1n, 0.000000001): Kubernetes rounds " +
                "anything finer up to the next 1n, so the value would not be the one written"
            );
        default:
            return undefined;
    }
}

/**
 * The value of a quantity that passed kubernetesQuantity, in base units (bytes, cores), so a
 * limit can be compared with a request: "1Gi" is 1073741824, "500m" is 0.5, "1e3" is 1000.
 * NaN for anything kubernetesQuantity refuses.
 */
export function quantityValue(value: string): number {
    if (kubernetesQuantity(value) !== undefined) {
        return Number.NaN;
    }
    const q = parseQuantity(value)!;
    if (q.base === 2) {
        return Number(`${q.integerPart || "0"}.${q.fraction || "0"}`) * 2 ** q.exponent;
    }
    return Number(`${q.mantissa}e${q.exponent - q.scale}`);
}
