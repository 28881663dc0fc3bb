import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { resourceMetricsModel } from "./model";
import { resourceMetricsObjects } from "./object-names";
import { prometheusAdapterJob } from "./scrape-job";
import { RESOURCE_METRICS_PORT_NAME } from "./layout";

/** prometheus-adapter, while it runs: its /metrics on its Service's https port, and its objects. */
export function resourceMetricsContribution(s: Settings): Contribution {
    const r = s.resourceMetrics;
    const objects = resourceMetricsObjects(resourceMetricsModel(s));
    if (!r.enabled) {
        return { objects };
    }
    const t = { namespace: r.namespace, serviceName: r.name, portName: RESOURCE_METRICS_PORT_NAME };
    return {
        scrapeJobs: { own: [{ config: prometheusAdapterJob(t, endpointDiscovery(s.metrics)), reaches: [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }] }] },
        objects,
    };
}
