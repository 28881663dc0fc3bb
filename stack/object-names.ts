import { ConfigError, ConfigProblem, fullKey, Settings } from "../config";
import { dashboardsFor } from "./dashboards-on-demand";
import { scrapeJobs } from "./scrape-jobs";
import { PROJECT } from "../config/source";
import { grafanaObjects } from "../components/grafana/object-names";
import { alertmanagerObjects } from "../components/alertmanager/object-names";
import { kubeStateMetricsObjects } from "../components/kube-state-metrics/object-names";
import { logAgentObjects } from "../components/log-agent/object-names";
import { prometheusObjects } from "../components/prometheus/object-names";
import { NamedObject } from "../components/common/named-object";
import { networkPolicyObjects } from "../components/network-policies/object-names";
import { nodeExporterObjects } from "../components/node-exporter/object-names";
import { resourceMetricsObjects } from "../components/resource-metrics/object-names";
import { blackboxExporterObjects } from "../components/blackbox-exporter/object-names";
import { searchStoreObjects } from "../components/search-store/object-names";
import { longTermStoreObjects } from "../components/long-term-store/object-names";

export { NamedObject } from "../components/common/named-object";

/** Every object the program creates for these settings, across components. */
export function programObjects(s: Settings): NamedObject[] {
    return [
        ...prometheusObjects(s.metrics, scrapeJobs(s.metrics)),
        ...logAgentObjects(s.logs),
        ...searchStoreObjects(s.searchStore),
        ...longTermStoreObjects(s.longTermStore),
        ...nodeExporterObjects(s.nodeExporter),
        ...kubeStateMetricsObjects(s.kubeStateMetrics),
        ...grafanaObjects(s.grafana, s.grafana.enabled ? dashboardsFor(s, PROJECT).map((d) => d.slug) : []),
        ...alertmanagerObjects(s.alertmanager),
        ...resourceMetricsObjects(s.resourceMetrics),
        ...blackboxExporterObjects(s.blackboxExporter),
        ...networkPolicyObjects(s),
    ];
}

/**
 * Two objects of one kind with one name in one scope would be one object in the cluster: the
 * second `pulumi up` step would fail, or worse, overwrite the first. Each collision names both
 * settings that produced the name.
 */
export function nameCollisions(objects: readonly NamedObject[]): ConfigProblem[] {
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

/** Throws a ConfigError before any resource is registered when two objects would share a name. */
export function assertNoNameCollisions(s: Settings): void {
    const objects = programObjects(s);
    const problems = [...nameCollisions(objects), ...providedSecretClashes(s, objects)];
    if (problems.length > 0) {
        throw new ConfigError(problems);
    }
}
