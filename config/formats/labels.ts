import { kubernetesSubdomain } from "./names";

// Prometheus label names: [a-zA-Z_][a-zA-Z0-9_]*; names starting with __ are reserved.
export function prometheusLabelName(value: string): string | undefined {
    return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(value) && !value.startsWith("__")
        ? undefined
        : "a Prometheus label name: letters, digits and '_', not starting with a digit or '__'";
}

// Kubernetes' qualified names (IsQualifiedName, used for label keys and taint keys): an optional
// DNS-subdomain prefix and '/', then a name of at most 63 characters.
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

const LABEL_KEY_FORMAT =
    "a Kubernetes label key such as k8s-app or example.com/tier: an optional DNS-subdomain prefix (at most 253 characters) and '/', " +
    "then a name of at most 63 letters, digits, '-', '_' or '.' that starts and ends with a letter or digit";

export function kubernetesLabelKey(value: string): string | undefined {
    const parts = value.split("/");
    if (parts.length > 2) {
        return `${LABEL_KEY_FORMAT} (one '/' at most)`;
    }
    const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0]];
    if (prefix !== undefined && !kubernetesSubdomain(prefix)) {
        return `${LABEL_KEY_FORMAT} (the prefix before '/' is not a DNS subdomain)`;
    }
    if (name.length > 63) {
        return `${LABEL_KEY_FORMAT} (the name after the prefix has ${name.length} characters)`;
    }
    return LABEL_NAME.test(name) ? undefined : LABEL_KEY_FORMAT;
}

/**
 * Prefixes that Kubernetes reserves for its own labels: kubernetes.io/, k8s.io/ and their
 * subdomains (node-role.kubernetes.io/, topology.kubernetes.io/...). app.kubernetes.io/ is the
 * exception, since the recommended labels live there for everyone to set.
 */
function reservedPrefix(key: string): string | undefined {
    const slash = key.indexOf("/");
    if (slash < 0) {
        return undefined;
    }
    const prefix = key.slice(0, slash);
    if (prefix === "app.kubernetes.io") {
        return undefined;
    }
    return ["kubernetes.io", "k8s.io"].find((r) => prefix === r || prefix.endsWith(`.${r}`));
}

/**
 * A label key for labels this program sets on its own objects. kubernetesLabelKey stays valid for
 * selectors and taints, which must name Kubernetes' own keys (kubernetes.io/metadata.name,
 * node-role.kubernetes.io/control-plane); a key the program writes must not claim them.
 */
export function ownLabelKey(value: string): string | undefined {
    const complaint = kubernetesLabelKey(value);
    if (complaint !== undefined) {
        return complaint;
    }
    const reserved = reservedPrefix(value);
    return reserved === undefined
        ? undefined
        : `a label key of your own, not under ${reserved}/: Kubernetes reserves the kubernetes.io/ and k8s.io/ prefixes ` +
              "and their subdomains for its own labels (app.kubernetes.io/ is free for the recommended labels)";
}

const LABEL_VALUE_FORMAT =
    "a Kubernetes label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";

export function kubernetesLabelValue(value: string): string | undefined {
    if (value === "") {
        return (
            `${LABEL_VALUE_FORMAT}, and not empty: Kubernetes allows an empty value, but as a selector it would keep ` +
            "exactly the objects that lack the label, the opposite of what was meant"
        );
    }
    return LABEL_NAME.test(value) && value.length <= 63 ? undefined : LABEL_VALUE_FORMAT;
}
