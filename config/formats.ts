/**
 * Format checks for stack config values. Each returns undefined when the value is fine, or a
 * sentence saying what was expected, which becomes the "expected ..." part of a ConfigError.
 */

// Prometheus 2.11 parses one number and one unit; compound durations such as 1h30m came in 2.23.
const PROMETHEUS_DURATION = /^[0-9]+(ms|s|m|h|d|w|y)$/;

export function prometheusDuration(value: string): string | undefined {
    return PROMETHEUS_DURATION.test(value) && !/^0+[a-z]+$/.test(value)
        ? undefined
        : "a positive Prometheus duration: a whole number and one unit of ms, s, m, h, d, w or y, such as 30s or 20d";
}

// Kubernetes resource.Quantity: a decimal with a binary (Ki..Ei) or decimal (m, k, M..E) suffix.
const KUBERNETES_QUANTITY = /^(\d+(\.\d+)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?$/;

export function kubernetesQuantity(value: string): string | undefined {
    return KUBERNETES_QUANTITY.test(value) && Number.parseFloat(value) > 0
        ? undefined
        : "a positive Kubernetes quantity such as 400Mi, 1Gi or 1Ti (binary suffixes are Ki, Mi, Gi, Ti; MB or TB are not quantities)";
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export function dnsLabel(value: string): string | undefined {
    return DNS_LABEL.test(value) && value.length <= 63
        ? undefined
        : "a DNS label (RFC 1123): at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit";
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function dnsSubdomain(value: string): string | undefined {
    return DNS_SUBDOMAIN.test(value) && value.length <= 253
        ? undefined
        : "a DNS name (RFC 1123 subdomain): lower-case labels of letters, digits and '-', separated by dots";
}

export function absolutePath(value: string): string | undefined {
    return value.startsWith("/") && !value.split("/").includes("..")
        ? undefined
        : "an absolute path starting with / (and without ..)";
}

export function absoluteHttpUrl(value: string): string | undefined {
    try {
        const url = new URL(value);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "") {
            return undefined;
        }
    } catch {
        // fall through to the complaint
    }
    return "an absolute http:// or https:// URL such as https://monitor.example.com/";
}

// Prometheus label names: [a-zA-Z_][a-zA-Z0-9_]*; names starting with __ are reserved.
export function prometheusLabelName(value: string): string | undefined {
    return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(value) && !value.startsWith("__")
        ? undefined
        : "a Prometheus label name: letters, digits and '_', not starting with a digit or '__'";
}

export function ipOrHostname(value: string): string | undefined {
    if (ipAddress(value) === undefined) {
        return undefined;
    }
    return dnsSubdomain(value) === undefined ? undefined : "an IP address or a DNS host name";
}

export function ipAddress(value: string): string | undefined {
    const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
    if (ipv4 && ipv4.slice(1).every((part) => Number(part) <= 255)) {
        return undefined;
    }
    if (/^[0-9a-fA-F:]+$/.test(value) && value.includes(":")) {
        return undefined;
    }
    return "an IP address (Endpoints and static targets need addresses, not host names)";
}

// fluentd's Config.size_value: a whole number with an optional k, m, g or t suffix (powers of
// 1024, either case). "2MB" or "1.5M" would be misread by fluentd, so they are rejected here.
const FLUENTD_SIZE = /^([1-9][0-9]*)([kKmMgGtT])?$/;
const SIZE_FACTORS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

export function fluentdSize(value: string): string | undefined {
    return FLUENTD_SIZE.test(value)
        ? undefined
        : "a fluentd size: a whole number of bytes with an optional K, M, G or T suffix, such as 512K, 2M or 1G (not 2MB or 1.5M)";
}

/** Bytes of a size that passed fluentdSize; NaN otherwise. */
export function fluentdSizeBytes(value: string): number {
    const match = FLUENTD_SIZE.exec(value);
    if (!match) {
        return Number.NaN;
    }
    return Number(match[1]) * (match[2] ? SIZE_FACTORS[match[2].toLowerCase()] : 1);
}

/** The shortest fluentd size text for a byte count, so a derived limit reads like a hand-written one. */
export function formatFluentdSize(bytes: number): string {
    for (const unit of ["T", "G", "M", "K"]) {
        const factor = SIZE_FACTORS[unit.toLowerCase()];
        if (bytes % factor === 0) {
            return `${bytes / factor}${unit}`;
        }
    }
    return String(bytes);
}

// fluentd's Config.time_value: a number of seconds, or a number with an s, m, h or d suffix.
const FLUENTD_DURATION = /^([0-9]+(\.[0-9]+)?)(s|m|h|d)?$/;

export function fluentdDuration(value: string): string | undefined {
    const match = FLUENTD_DURATION.exec(value);
    return match && Number(match[1]) > 0
        ? undefined
        : "a positive fluentd duration: seconds, or a number with an s, m, h or d suffix, such as 5s, 30 or 1m";
}

// Kubernetes label keys: an optional DNS-subdomain prefix and '/', then a name of at most 63 characters.
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

export function kubernetesLabelKey(value: string): string | undefined {
    const slash = value.lastIndexOf("/");
    const prefix = slash >= 0 ? value.slice(0, slash) : undefined;
    const name = slash >= 0 ? value.slice(slash + 1) : value;
    const prefixOk = prefix === undefined || dnsSubdomain(prefix) === undefined;
    return prefixOk && LABEL_NAME.test(name) && name.length <= 63
        ? undefined
        : "a Kubernetes label key such as k8s-app or example.com/tier: an optional DNS prefix and '/', then at most 63 letters, digits, '-', '_' or '.'";
}

export function kubernetesLabelValue(value: string): string | undefined {
    return LABEL_NAME.test(value) && value.length <= 63
        ? undefined
        : "a Kubernetes label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";
}

export function containerImage(value: string): string | undefined {
    return /^[a-z0-9.\-_/:@]+$/i.test(value)
        ? undefined
        : "a container image reference such as quay.io/fluentd_elasticsearch/fluentd:v2.7.0";
}

export function oneOf(allowed: readonly string[]): (value: string) => string | undefined {
    return (value) => (allowed.includes(value) ? undefined : `one of ${allowed.join(", ")}`);
}
