import { ControlPlaneSettings, MetricsSettings } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { coreDnsJob } from "./coredns-scrape-job";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { controllerManagerJob } from "./controller-manager-scrape-job";
import { kubeProxyJob } from "./kube-proxy-scrape-job";
import { schedulerJob } from "./scheduler-scrape-job";
import { ScrapeReach } from "../common/scrape/reach";

/**
 * The jobs of the control-plane components that cluster-monitoring:controlPlane says run, with
 * what each reaches: CoreDNS pods in their namespace on the metrics port (the program does not
 * know their labels), the scheduler, controller manager and kube-proxy at the nodes' addresses,
 * where they listen on the host network.
 */
export function controlPlaneJobs(s: MetricsSettings, c: ControlPlaneSettings): { config: ScrapeConfig; reaches: ScrapeReach[] }[] {
    return [
        ...(c.coreDns.enabled
            ? [{ config: coreDnsJob(c.coreDns, endpointDiscovery(s)), reaches: [{ kind: "namespace" as const, namespace: c.coreDns.namespace, port: c.coreDns.port }] }]
            : []),
        ...(c.scheduler.enabled ? [{ config: schedulerJob(c.scheduler), reaches: [{ kind: "nodes" as const, port: c.scheduler.port }] }] : []),
        ...(c.controllerManager.enabled
            ? [{ config: controllerManagerJob(c.controllerManager), reaches: [{ kind: "nodes" as const, port: c.controllerManager.port }] }]
            : []),
        ...(c.kubeProxy.enabled ? [{ config: kubeProxyJob(c.kubeProxy.port), reaches: [{ kind: "nodes" as const, port: c.kubeProxy.port }] }] : []),
    ];
}
