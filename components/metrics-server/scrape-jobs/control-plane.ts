import { MetricsSettings } from "../../../config";
import { ScrapeConfig } from "../prometheus-config-types";
import { coreDnsJob } from "./coredns";
import { endpointDiscovery } from "./endpoint-discovery";
import { controllerManagerJob } from "./kube-controller-manager";
import { kubeProxyJob } from "./kube-proxy";
import { schedulerJob } from "./kube-scheduler";

/** The jobs of the control-plane components that cluster-monitoring:controlPlane says run. */
export function controlPlaneJobs(s: MetricsSettings): ScrapeConfig[] {
    const c = s.controlPlane;
    if (!c) {
        return [];
    }
    return [
        ...(c.coreDns.enabled ? [coreDnsJob(c.coreDns, endpointDiscovery(s))] : []),
        ...(c.scheduler.enabled ? [schedulerJob(c.scheduler)] : []),
        ...(c.controllerManager.enabled ? [controllerManagerJob(c.controllerManager)] : []),
        ...(c.kubeProxy.enabled ? [kubeProxyJob(c.kubeProxy.port)] : []),
    ];
}
