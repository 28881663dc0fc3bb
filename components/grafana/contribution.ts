import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { grafanaObjects } from "./object-names";
import { grafanaJob } from "./scrape-job";
import { grafanaModelOf } from "./stack-model";
import { grafanaTarget } from "./target";

/** Grafana, while it runs: its own /metrics on its Service's http port, and its objects. */
export function grafanaContribution(s: Settings): Contribution {
    const t = grafanaTarget(s.grafana);
    if (t === undefined) {
        return {};
    }
    // The names need no board: the registry runs at load and builds none.
    const objects = grafanaObjects(grafanaModelOf(s, []));
    return { scrapeJobs: { own: [{ config: grafanaJob(t, endpointDiscovery(s.metrics)), reaches: [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }] }] }, objects };
}
