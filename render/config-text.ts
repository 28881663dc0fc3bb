import { SECRET_MARKER } from "./secret-marker";
import { DValue } from "./yaml-v3-decoder";

// The text the Pulumi CLI hands the program for one decoded top-level config value: pulumi's
// config.Value, with secure values marked.

function isSecure(value: DValue): boolean {
    return value instanceof Map && value.size === 1 && typeof value.get("secure") === "string";
}

export function topLevelText(value: DValue, found: { secure: boolean }): string {
    if (isSecure(value)) {
        found.secure = true;
        return SECRET_MARKER;
    }
    if (typeof value === "string") {
        return value;
    }
    if (value === null) {
        // pulumi's config.Value for `key:` is the empty string.
        return "";
    }
    return goJson(value, found);
}

/**
 * JSON as Go's encoding/json writes it for the CLI: integers exact, and map keys sorted, so the
 * program sees a map's keys in the order `pulumi up` gives them (Prometheus external labels, for
 * one, come out sorted).
 */
function goJson(value: DValue, found: { secure: boolean }): string {
    if (isSecure(value)) {
        found.secure = true;
        return JSON.stringify(SECRET_MARKER);
    }
    if (value === null || typeof value === "string" || typeof value === "boolean" || typeof value === "number") {
        return JSON.stringify(value);
    }
    if (typeof value === "bigint") {
        return value.toString();
    }
    if (Array.isArray(value)) {
        return `[${value.map((v) => goJson(v, found)).join(",")}]`;
    }
    const entries = [...value].sort(([a], [b]) => compareUtf8(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${goJson(v, found)}`).join(",")}}`;
}

export function compareUtf8(a: string, b: string): number {
    return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
