import { DashboardContext } from "../../common/dashboards/context";
import { PanelSpec, PrometheusDashboardSpec } from "../../common/dashboards/panels";
import { Grouping, networkPanels } from "../../kubelet/compute-panels";
import { podSeries } from "../../kubelet/pod-resources";

const PODS = 'namespace!=""';

/**
 * Pods per namespace. A host-network pod's counters are the node's interfaces, so with
 * kube-state-metrics only pods on their own network count (kube_pod_info's host_network);
 * without it every pod does.
 */
function byNamespace(ctx: DashboardContext): Grouping {
    const ownNetwork = ctx.sources.has("kubeStateMetrics")
        ? (perPod: string) => `(${perPod} * on (namespace, pod) group_left () max by (namespace, pod) (kube_pod_info{host_network="false"}))`
        : (perPod: string) => `(${perPod})`;
    return {
        // Only network panels: no recording rule serves the network counters (pod-resources.ts), so they are read raw.
        series: podSeries(ctx.computeRules),
        by: "namespace",
        sel: PODS,
        needs: [],
        ...(ctx.sources.has("kubeStateMetrics") ? { leavesOutHostNetwork: true } : {}),
        sum: (perPod) => `sum by (namespace) ${ownNetwork(perPod)}`,
        avg: (perPod) => `avg by (namespace) ${ownNetwork(perPod)}`,
    };
}

/** A node's TCP retransmissions: of all segments sent, and the share of them that retry a connection's SYN. */
function tcpPanel(title: string, description: string, numerator: string, denominator: string): PanelSpec {
    const rate = (family: string) => `sum by (node) (rate(${family}[$__rate_interval]))`;
    return { title, description, unit: "percentunit", kind: "timeseries", needs: ["nodeExporter"], queries: [{ expr: `${rate(numerator)} / ${rate(denominator)}`, legend: "{{node}}" }] };
}

/**
 * Networking / Cluster: the pods' bandwidth, packets and drops per namespace, the average pod's,
 * and each node's TCP retransmissions (node-exporter's netstat counters, three kept per node for
 * these panels: components/node-exporter/families.ts).
 */
export function networkDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const g = byNamespace(ctx);
    return {
        uid: "cm-network",
        folder: "workloads",
        title: "Network",
        description: "Bandwidth, packets and drops of the pods per namespace, and TCP retransmissions per node",
        needs: [],
        variables: [],
        panels: [
            ...networkPanels(g, g),
            tcpPanel(
                "TCP segments retransmitted",
                "Share of the TCP segments each node sent that were retransmissions: loss or congestion on the path",
                "node_netstat_Tcp_RetransSegs",
                "node_netstat_Tcp_OutSegs",
            ),
            tcpPanel(
                "TCP SYN retransmits of all retransmits",
                "Share of each node's retransmissions that repeat a connection's SYN: peers that do not answer, or are refused on the way",
                "node_netstat_TcpExt_TCPSynRetrans",
                "node_netstat_Tcp_RetransSegs",
            ),
        ],
    };
}
