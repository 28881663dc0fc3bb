/** A port number, as a YAML number or as text: an integer from 1 to 65535 (IsValidPortNum). */
export function portNumber(value: number | string): string | undefined {
    const ok = typeof value === "number" ? Number.isInteger(value) : /^[1-9][0-9]{0,4}$/.test(value);
    return ok && Number(value) >= 1 && Number(value) <= 65535 ? undefined : "a port number: an integer from 1 to 65535";
}

/**
 * A port name (IANA_SVC_NAME, RFC 6335, as Kubernetes' IsValidPortName checks it): at most 15
 * characters of a-z, 0-9 and '-', at least one letter, no '--', no '-' at either end.
 */
export function portName(value: string): string | undefined {
    const ok =
        value.length <= 15 &&
        /^[-a-z0-9]+$/.test(value) &&
        /[a-z]/.test(value) &&
        !value.includes("--") &&
        !value.startsWith("-") &&
        !value.endsWith("-");
    return ok
        ? undefined
        : "a port name (IANA_SVC_NAME): at most 15 lower-case letters, digits and '-', at least one letter, " +
              "not starting or ending with '-' and without '--'";
}
