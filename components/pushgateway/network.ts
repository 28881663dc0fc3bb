import { fullKey } from "../../config";
import { Flow, tcp, Workload } from "../network-policies/model";
import { HTTP_PORT, pushgatewayLabels } from "./layout";
import { PUSHGATEWAY_KEY, PushgatewaySettings } from "./settings";

/** The gateway's pods, behind its Service: its NetworkPolicy, named as the Deployment (components/network-policies). */
export function pushgatewayWorkload(p: PushgatewaySettings): Workload {
    return { name: p.name, nameKey: `${fullKey(PUSHGATEWAY_KEY)}.name`, namespace: p.namespace, podLabels: pushgatewayLabels(p), services: [p.name] };
}

/**
 * Who reaches the gateway besides Prometheus (whose scrape flow follows the job's reach): the
 * pods of pusherNamespaces, on its http port, and nobody else. This is the push endpoint's only
 * guard: it has no login (docs/pushgateway.md#who-may-push). The gateway itself reaches nothing.
 */
export function pushgatewayFlows(p: PushgatewaySettings): Flow[] {
    const namespaces = p.pusherNamespaces ?? [];
    return namespaces.length === 0
        ? []
        : [{ from: { kind: "namespaces", namespaces: [...namespaces] }, to: { kind: "workload", name: p.name, namespace: p.namespace }, ports: [tcp(HTTP_PORT.name)], why: `batch jobs' pushes (${fullKey(PUSHGATEWAY_KEY)}.pusherNamespaces)` }];
}
