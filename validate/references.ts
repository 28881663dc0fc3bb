import { KubernetesObject } from "./kubernetes-object";
import { containersOf, podTemplates } from "./pod-templates";
import { describeObject, ManifestProblem } from "./problem";

/**
 * Objects that exist in every namespace without anyone deploying them, so a reference to them
 * is never dangling: the `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap (1.21+).
 */
const BUILT_IN: Record<string, string[]> = {
    ServiceAccount: ["default"],
    ConfigMap: ["kube-root-ca.crt"],
};

/** Namespaces that every cluster has. */
const BUILT_IN_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

/** The keys of a kubernetes.io/tls Secret. */
const TLS_SECRET_KEYS = ["tls.crt", "tls.key", "ca.crt"];

interface Reference {
    /** A certificate Secret the stack expects in the cluster; checked for nothing. */
    expected?: boolean;
    from: KubernetesObject;
    kind: "ConfigMap" | "Secret" | "ServiceAccount";
    name: string;
    namespace: string;
    /** A key the reference reads from the ConfigMap's or Secret's data. */
    key?: string;
    where: string;
}

/**
 * Every ConfigMap, Secret and ServiceAccount that a pod template or a binding refers to must be
 * in the rendered stack, in the referring object's namespace, with the key it reads; so must
 * every namespace a namespaced object lives in. A dangling reference passes every schema and
 * fails only when the pod starts (CreateContainerConfigError, or a pod stuck in ContainerCreating).
 *
 * Not checked, by design: the TLS Secret an Ingress names, and a Secret read only by the keys of
 * a kubernetes.io/tls Secret (tls.crt, tls.key, ca.crt: metrics.web.tls). Each holds a
 * certificate's private key, which cert-manager or an operator keeps in the cluster so that it
 * never passes through Pulumi state; they are the objects the stack expects to find rather than
 * create (the program writes no Secret with those keys).
 * References marked `optional: true` may dangle, as Kubernetes allows.
 * `existingNamespaces` are application namespaces the stack config names as already there (the
 * namespaces of listed scrape services); the stack puts only discovery Roles into them.
 */
export function referenceProblems(objects: readonly KubernetesObject[], existingNamespaces: readonly string[] = []): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    const exists = (kind: string, namespace: string, name: string) =>
        (BUILT_IN[kind] ?? []).includes(name) ||
        objects.some((o) => o.kind === kind && o.metadata.name === name && (o.metadata.namespace ?? "default") === namespace);

    for (const ref of references(objects).filter((r) => !r.expected)) {
        const target = objects.find(
            (o) => o.kind === ref.kind && o.metadata.name === ref.name && (o.metadata.namespace ?? "default") === ref.namespace,
        );
        if (!exists(ref.kind, ref.namespace, ref.name)) {
            problems.push({
                object: describeObject(ref.from),
                message: `${ref.where} refers to ${ref.kind} ${ref.namespace}/${ref.name}, which the stack does not deploy`,
            });
        } else if (target && ref.key !== undefined && !dataKeys(target).includes(ref.key)) {
            problems.push({
                object: describeObject(ref.from),
                message: `${ref.where} reads key ${ref.key} of ${ref.kind} ${ref.namespace}/${ref.name}, which has only ${dataKeys(target).join(", ")}`,
            });
        }
    }

    for (const o of objects) {
        const ns = o.metadata.namespace;
        if (ns && !BUILT_IN_NAMESPACES.includes(ns) && !existingNamespaces.includes(ns) && !exists("Namespace", "default", ns)) {
            problems.push({ object: describeObject(o), message: `namespace ${ns} is neither deployed by the stack nor built in` });
        }
    }
    return problems;
}

function dataKeys(o: any): string[] {
    return [...Object.keys(o.data ?? {}), ...Object.keys(o.stringData ?? {}), ...Object.keys(o.binaryData ?? {})];
}

function references(objects: readonly KubernetesObject[]): Reference[] {
    const refs: Reference[] = [];
    for (const t of podTemplates(objects)) {
        const add = (kind: Reference["kind"], name: string | undefined, where: string, key?: string, optional?: boolean, expected?: boolean) => {
            if (name && !optional) {
                refs.push({ from: t.owner, kind, name, namespace: t.namespace, key, where, ...(expected ? { expected } : {}) });
            }
        };
        const spec = t.spec;
        add("ServiceAccount", spec.serviceAccountName ?? spec.serviceAccount, "spec.serviceAccountName");
        for (const s of spec.imagePullSecrets ?? []) {
            add("Secret", s.name, "imagePullSecrets");
        }
        for (const v of spec.volumes ?? []) {
            const items = (source: any) => (source.items ?? []).map((i: any) => i.key) as string[];
            if (v.configMap) {
                add("ConfigMap", v.configMap.name, `volume ${v.name}`, undefined, v.configMap.optional);
                items(v.configMap).forEach((k) => add("ConfigMap", v.configMap.name, `volume ${v.name}`, k, v.configMap.optional));
            }
            if (v.secret) {
                const keys = items(v.secret);
                const certificate = keys.length > 0 && keys.every((k) => TLS_SECRET_KEYS.includes(k));
                add("Secret", v.secret.secretName, `volume ${v.name}`, undefined, v.secret.optional, certificate);
                keys.forEach((k) => add("Secret", v.secret.secretName, `volume ${v.name}`, k, v.secret.optional, certificate));
            }
            for (const p of v.projected?.sources ?? []) {
                if (p.configMap) add("ConfigMap", p.configMap.name, `projected volume ${v.name}`, undefined, p.configMap.optional);
                if (p.secret) add("Secret", p.secret.name, `projected volume ${v.name}`, undefined, p.secret.optional);
            }
        }
        for (const c of containersOf(spec)) {
            for (const e of c.env ?? []) {
                const cm = e.valueFrom?.configMapKeyRef;
                const sec = e.valueFrom?.secretKeyRef;
                if (cm) add("ConfigMap", cm.name, `container ${c.name} env ${e.name}`, cm.key, cm.optional);
                if (sec) add("Secret", sec.name, `container ${c.name} env ${e.name}`, sec.key, sec.optional, TLS_SECRET_KEYS.includes(sec.key));
            }
            for (const e of c.envFrom ?? []) {
                if (e.configMapRef) add("ConfigMap", e.configMapRef.name, `container ${c.name} envFrom`, undefined, e.configMapRef.optional);
                if (e.secretRef) add("Secret", e.secretRef.name, `container ${c.name} envFrom`, undefined, e.secretRef.optional);
            }
        }
    }
    for (const b of objects.filter((o) => o.kind === "RoleBinding" || o.kind === "ClusterRoleBinding")) {
        for (const s of ((b as any).subjects ?? []) as any[]) {
            if (s.kind === "ServiceAccount") {
                refs.push({
                    from: b,
                    kind: "ServiceAccount",
                    name: s.name,
                    namespace: s.namespace ?? b.metadata.namespace ?? "default",
                    where: "subjects",
                });
            }
        }
    }
    return refs;
}
