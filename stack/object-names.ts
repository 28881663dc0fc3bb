import { ConfigProblem, ConfigSource, fullKey, Settings } from "../config";
import { PROJECT } from "../config/source";
import { NamedObject } from "../components/common/named-object";
import { authGatewayObjects } from "../components/auth-gateway/object-names";
import { contributionsOf } from "./contributions";
import { gatewayModels } from "./gateways";
import { foldOf } from "./fold";

export { NamedObject } from "../components/common/named-object";

/** Every object the program creates for these settings: what each component names, in the list's order, then the gateways. */
export function programObjects(s: Settings): NamedObject[] {
    const fold = foldOf(s);
    return [...contributionsOf(s).flatMap((c) => [...(c.objectsOfFold?.(fold) ?? []), ...(c.objects ?? [])]), ...gatewayModels(s).flatMap((g) => authGatewayObjects(g))];
}

/**
 * Two objects of one kind with one name in one scope would be one object in the cluster: the
 * second `pulumi up` step would fail, or worse, overwrite the first. A collision is blamed on the
 * setting the stack wrote, naming the other as a default; when it wrote both (or neither), on both.
 */
export function nameCollisions(objects: readonly NamedObject[], written: (key: string) => boolean = () => true): ConfigProblem[] {
    const seen = new Map<string, NamedObject>();
    const problems: ConfigProblem[] = [];
    for (const o of objects) {
        const id = `${o.kind}/${o.namespace ?? ""}/${o.name}`;
        const first = seen.get(id);
        if (first === undefined) {
            seen.set(id, o);
            continue;
        }
        // One setting that names several objects of a kind (a Role per namespace) never collides with itself.
        if (first.key === o.key) {
            continue;
        }
        const where = o.namespace ? ` in namespace ${o.namespace}` : "";
        // The entry the stack wrote is blamed; a key it left at its default is named as the other side (issue #33, class 7).
        const [firstWritten, oWritten] = [written(first.key), written(o.key)];
        if (firstWritten !== oWritten) {
            const [blamed, other] = firstWritten ? [first, o] : [o, first];
            problems.push({
                key: blamed.key,
                got: o.name,
                expected: `a name no other object of the program has: ${other.key} (not set in the stack, so its default) also names ${o.kind} ${o.name}${where}, and one would overwrite the other; or set ${other.key} to another name`,
            });
            continue;
        }
        problems.push({
            key: `${first.key}, ${o.key}`,
            got: o.name,
            expected: `different names: both would create ${o.kind} ${o.name}${where}, and one would overwrite the other`,
        });
    }
    return problems;
}

/** A Secret the stack names for the program to read, which the cluster (cert-manager, an admin) provides. */
interface ProvidedSecret {
    namespace: string;
    name: string;
    key: string;
}

function providedSecrets(s: Settings): ProvidedSecret[] {
    const tls = (namespace: string, name: string | undefined, key: string): ProvidedSecret[] => (name === undefined ? [] : [{ namespace, name, key: fullKey(key) }]);
    return [
        ...tls(s.metrics.namespace, s.metrics.web?.tls?.secretName, "metrics.web.tls.secretName"),
        ...tls(s.metrics.namespace, s.metrics.ingress?.tlsSecretName, "metrics.ingress.tlsSecretName"),
        ...(s.alertmanager.enabled ? tls(s.alertmanager.namespace, s.alertmanager.web?.tls?.secretName, "alertmanager.web.tls.secretName") : []),
        ...(s.grafana.enabled ? tls(s.grafana.namespace, s.grafana.ingress?.tlsSecretName, "grafana.ingress.tlsSecretName") : []),
        ...tls(s.metrics.namespace, s.metrics.ingress?.auth?.ingressNginx?.basicAuthSecret, "metrics.ingress.auth.ingressNginx.basicAuthSecret"),
        ...(s.alertmanager.enabled ? tls(s.alertmanager.namespace, s.alertmanager.ingress?.tlsSecretName, "alertmanager.ingress.tlsSecretName") : []),
        ...(s.alertmanager.enabled ? tls(s.alertmanager.namespace, s.alertmanager.ingress?.auth?.ingressNginx?.basicAuthSecret, "alertmanager.ingress.auth.ingressNginx.basicAuthSecret") : []),
    ];
}

/**
 * A Secret the stack says the cluster provides must not be one the program writes: `pulumi up`
 * would overwrite the certificate with the program's own keys (or fail on a Secret it does not
 * own), and the pods would mount a key that is not there.
 */
export function providedSecretClashes(s: Settings, objects: readonly NamedObject[]): ConfigProblem[] {
    return providedSecrets(s).flatMap((p) => {
        const written = objects.find((o) => o.kind === "Secret" && o.namespace === p.namespace && o.name === p.name);
        return written === undefined
            ? []
            : [{ key: p.key, got: p.name, expected: `the name of a Secret the cluster provides, not Secret ${p.name} in namespace ${p.namespace}, which the program writes (named by ${written.key})` }];
    });
}

/**
 * A Secret or ConfigMap that a workload hatch (`<component>.extra`) mounts or reads an env value
 * from, by name, is one the stack says the cluster holds: it must not be one the program writes in
 * that namespace (issue #41, class 8). Such a name would read the program's own object (the
 * Alertmanager config with every receiver's credential, a generated password) into a pod that
 * was never meant to hold it, or, where the stack meant its own object of that name, `pulumi up`
 * would overwrite it with the program's. `valueFrom.secretKey` is the program's own Secret, by design.
 */
export function hatchReferenceClashes(s: Settings, objects: readonly NamedObject[]): ConfigProblem[] {
    const hatches: { key: string; namespace: string; extra: Settings["metrics"]["extra"]; on: boolean }[] = [
        { key: "metrics", namespace: s.metrics.namespace, extra: s.metrics.extra, on: true },
        { key: "alertmanager", namespace: s.alertmanager.namespace, extra: s.alertmanager.extra, on: s.alertmanager.enabled },
        { key: "grafana", namespace: s.grafana.namespace, extra: s.grafana.extra, on: s.grafana.enabled },
    ];
    return hatches.flatMap(({ key, namespace, extra, on }) => {
        if (!on || extra === undefined) {
            return [];
        }
        const refs: { at: string; kind: "Secret" | "ConfigMap"; name: string }[] = [
            ...(extra.volumes ?? []).flatMap((v, i) => [
                ...(v.secret ? [{ at: `volumes[${i}].secret.secretName`, kind: "Secret" as const, name: v.secret.secretName }] : []),
                ...(v.configMap ? [{ at: `volumes[${i}].configMap.name`, kind: "ConfigMap" as const, name: v.configMap.name }] : []),
            ]),
            ...(extra.env ?? []).flatMap((e, i) => {
                const from = e.valueFrom as { secretKeyRef?: { name: string }; configMapKeyRef?: { name: string } } | undefined;
                // A secretKey the load turned into a secretKeyRef to the program's own Secret is the program's design, not a name the stack wrote.
                const rawEnv = (SOURCES.get(s)?.value(key) as { extra?: { env?: { valueFrom?: { secretKeyRef?: unknown } }[] } } | undefined)?.extra?.env?.[i];
                if (from?.secretKeyRef && SOURCES.has(s) && rawEnv?.valueFrom?.secretKeyRef === undefined) {
                    return [];
                }
                return [
                    ...(from?.secretKeyRef ? [{ at: `env[${i}].valueFrom.secretKeyRef.name`, kind: "Secret" as const, name: from.secretKeyRef.name }] : []),
                    ...(from?.configMapKeyRef ? [{ at: `env[${i}].valueFrom.configMapKeyRef.name`, kind: "ConfigMap" as const, name: from.configMapKeyRef.name }] : []),
                ];
            }),
        ];
        return refs.flatMap((r) => {
            const written = objects.find((o) => o.kind === r.kind && o.namespace === namespace && o.name === r.name);
            return written === undefined
                ? []
                : [
                      {
                          key: fullKey(`${key}.extra.${r.at}`),
                          got: r.name,
                          expected: `the name of a ${r.kind} the cluster holds, not ${r.kind} ${r.name} in namespace ${namespace}, which the program writes (named by ${written.key}): the pod would read the program's own object, and a ${r.kind} of yours by that name would be overwritten`,
                      },
                  ];
        });
    });
}

/** The stack file each loaded Settings came from, to tell a key the stack wrote from a default (stack/index.ts records it). */
const SOURCES = new WeakMap<Settings, ConfigSource>();

export function recordSource(s: Settings, source: ConfigSource): Settings {
    SOURCES.set(s, source);
    return s;
}

/** Whether the stack file sets `key` (cluster-monitoring:logs.configMapName); true when the source is unknown. */
export function writtenIn(s: Settings): (key: string) => boolean {
    const source = SOURCES.get(s);
    return (key) => {
        if (source === undefined || !key.startsWith(`${PROJECT}:`)) {
            return true;
        }
        // services[0].name is the path services, 0, name.
        const [top, ...path] = key
            .slice(PROJECT.length + 1)
            .split(/\.|\[(\d+)\]/)
            .filter((part) => part !== undefined && part !== "");
        let at: unknown = source.value(top);
        for (const part of path) {
            at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[part] : undefined;
        }
        return at !== undefined && at !== null;
    };
}

/** Two objects that would share a name, and a provided Secret the program writes: checked while the stack loads (stack/index.ts). */
export function nameCollisionProblems(s: Settings): ConfigProblem[] {
    const objects = programObjects(s);
    return [...nameCollisions(objects, writtenIn(s)), ...providedSecretClashes(s, objects), ...hatchReferenceClashes(s, objects)];
}
