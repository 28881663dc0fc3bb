const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
export const K8S_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function dnsLabel(value: string): string | undefined {
    return DNS_LABEL.test(value) && value.length <= 63
        ? undefined
        : "a DNS label (RFC 1123): at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit";
}

/** Kubernetes' IsDNS1123Subdomain, the rule for most object names: at most 253 characters, no per-label limit. */
export function kubernetesSubdomain(value: string): boolean {
    return K8S_SUBDOMAIN.test(value) && value.length <= 253;
}

const DNS_SUBDOMAIN_FORMAT =
    "a DNS name (RFC 1123 subdomain): lower-case labels of letters, digits and '-' separated by dots, " +
    "each label at most 63 characters and not starting or ending with '-', at most 253 characters in all";

/** An RFC 1123 subdomain: labels of at most 63 characters, at most 253 in all (as DNS requires of names it resolves). */
export function dnsSubdomain(value: string): string | undefined {
    return kubernetesSubdomain(value) && value.split(".").every((label) => label.length <= 63) ? undefined : DNS_SUBDOMAIN_FORMAT;
}

/**
 * A StatefulSet's pods carry the label controller-revision-hash=<name>-<hash>, where the hash is
 * the decimal FNV-32 of the revision, safe-encoded: up to 10 characters
 * (pkg/controller/history ControllerRevisionName). A label value holds at most 63 characters,
 * so a longer StatefulSet name is accepted by the API server but none of its pods can be created
 * (kubernetes/kubernetes#64023).
 */
export const MAX_STATEFULSET_NAME_LENGTH = 63 - 1 - 10;

export function statefulSetName(value: string): string | undefined {
    if (dnsLabel(value) !== undefined) {
        return dnsLabel(value);
    }
    return value.length <= MAX_STATEFULSET_NAME_LENGTH
        ? undefined
        : `a StatefulSet name of at most ${MAX_STATEFULSET_NAME_LENGTH} characters: its pods carry the label ` +
              "controller-revision-hash=<name>-<hash of up to 10 characters>, and a label value longer than 63 characters " +
              "stops every pod from being created (kubernetes/kubernetes#64023)";
}

/** Services are named by RFC 1035 labels (ValidateServiceName): a letter first, since the name becomes a DNS name and environment variables. */
export function serviceName(value: string): string | undefined {
    return DNS_1035_LABEL.test(value) && value.length <= 63
        ? undefined
        : "a Service name (RFC 1035 label): at most 63 lower-case letters, digits and '-', starting with a letter and ending with a letter or digit";
}

function objectName(kind: string): (value: string) => string | undefined {
    return (value) =>
        kubernetesSubdomain(value)
            ? undefined
            : `a ${kind} name (DNS subdomain): at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit`;
}

/** ConfigMap names: Kubernetes' DNS-subdomain rule (ValidateConfigMapName). */
export const configMapName = objectName("ConfigMap");
/** Secret names: Kubernetes' DNS-subdomain rule (ValidateSecretName). */
export const secretName = objectName("Secret");
/** ServiceAccount names: Kubernetes' DNS-subdomain rule (ValidateServiceAccountName). */
export const serviceAccountName = objectName("ServiceAccount");
