import { ConfigProblem, fullKey, Settings } from "../config";
import { Problems } from "../config/problems";
import { hatchProblems } from "../components/common/workload-hatch";
import { statefulSet } from "../components/prometheus/statefulset";
import { PROMETHEUS_OWNED_FEATURES, PROMETHEUS_OWNED_FLAGS } from "../components/prometheus/owned-flags";
import { alertmanagerStatefulSet } from "../components/alertmanager/statefulset";
import { ALERTMANAGER_OWNED_FLAGS } from "../components/alertmanager/owned-flags";
import { serverIngress } from "../components/auth-gateway/ingress";
import { WEB_PORT } from "../components/alertmanager/layout";
import { WEB_PORT as PROMETHEUS_WEB_PORT } from "../components/prometheus/layout";
import { grafanaDeployment } from "../components/grafana/deployment";
import { grafanaIngress } from "../components/grafana/ingress";
import { CONTAINER_NAME as GRAFANA_CONTAINER } from "../components/grafana/layout";
import { grafanaModel } from "./grafana-model";

/**
 * The hatches of every workload (`<component>.extra`, docs/escape-hatches.md) against the
 * objects the components build without them: a flag, env name, volume, mount path, pod label or
 * annotation the program already uses is refused, naming the key. Runs while the stack loads,
 * with the other checks (stack/index.ts), before any resource is registered.
 */
export function workloadHatchProblems(s: Settings): ConfigProblem[] {
    const problems = new Problems();
    const add = (key: string, found: ReturnType<typeof hatchProblems>) => found.forEach((p) => problems.add(`${fullKey(key)}.extra.${p.path}`, p.got, p.expected));
    const m = s.metrics;
    if (m.extra) {
        // The Ingress as the program writes it, before the hatch's annotations.
        const ingress = m.ingress ? serverIngress({ product: "Prometheus", name: m.name, namespace: m.namespace, port: PROMETHEUS_WEB_PORT.number, webTls: m.web?.tls !== undefined }, m.ingress) : undefined;
        add("metrics", hatchProblems(statefulSet(m, { scrapeJobs: [], ruleFiles: {} }), m.name, m.extra, { flags: PROMETHEUS_OWNED_FLAGS, features: PROMETHEUS_OWNED_FEATURES, ingress }));
    }
    const a = s.alertmanager;
    if (a.extra) {
        const ingress = a.ingress ? serverIngress({ product: "Alertmanager", name: a.name, namespace: a.namespace, port: WEB_PORT.number, webTls: a.web?.tls !== undefined }, a.ingress) : undefined;
        add("alertmanager", hatchProblems(alertmanagerStatefulSet(a), "alertmanager", a.extra, { flags: ALERTMANAGER_OWNED_FLAGS, ingress }));
    }
    const g = s.grafana;
    if (g.enabled && g.extra) {
        add(
            "grafana",
            hatchProblems(grafanaDeployment(grafanaModel(s)), GRAFANA_CONTAINER, g.extra, {
                ingress: grafanaIngress(g),
                noArgs: "Grafana takes its settings from grafana.ini: set them under grafana.ini",
                envPrefix: {
                    prefix: "GF_",
                    why: "a GF_ variable is a grafana.ini setting, unchecked here: set it under grafana.ini (docs/escape-hatches.md#grafanaini-sections), where keys the program owns are refused; GF_AUTH_* or GF_SECURITY_* could switch Grafana's login off",
                },
            }),
        );
    }
    return problems.all();
}

