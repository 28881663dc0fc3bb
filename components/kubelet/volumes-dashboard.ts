import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";

const CLAIM = 'job="kubelet", namespace="$namespace", persistentvolumeclaim=~"$claim"';
const KSM_CLAIM = 'namespace="$namespace", persistentvolumeclaim=~"$claim"';

/**
 * Kubernetes / Persistent Volumes: how full each claim is, in bytes and inodes, from the kubelet
 * of the node that mounts it (kubelet_volume_stats_*), and with kube-state-metrics the claim's
 * phase, requested size and storage class. The questions are those of kube-prometheus' board of
 * that name; the queries are written here. The kubelet reports only mounted claims, so the
 * variables come from it: a claim no pod mounts has no usage to show.
 */
export function volumesDashboard(_ctx: DashboardContext): PrometheusDashboardSpec {
    return {
        uid: "cm-persistent-volumes",
        title: "Persistent volumes",
        description: "Space and inodes used on each persistent volume claim, and the claims' phase and requested size",
        needs: ["kubelet"],
        // The pods of the claim's namespace (docs/grafana.md#links-between-dashboards).
        links: [{ title: "Namespace and pod", dashboard: "cm-namespace-pod" }],
        variables: [
            { name: "namespace", label: "Namespace", query: 'label_values(kubelet_volume_stats_capacity_bytes{job="kubelet"}, namespace)' },
            // Several claims, but no All: Grafana opens on one claim, as kube-prometheus' board does
            // (docs/grafana.md#query-speed-npm-run-benchdashboards).
            { name: "claim", label: "Claim", query: 'label_values(kubelet_volume_stats_capacity_bytes{job="kubelet", namespace="$namespace"}, persistentvolumeclaim)', multi: true },
        ],
        panels: [
            {
                title: "Space used",
                description: "Share of each claim's filesystem in use (capacity less available, so space reserved for root counts as used)",
                unit: "percentunit",
                kind: "timeseries",
                needs: ["kubelet"],
                queries: [
                    {
                        expr: `1 - max by (persistentvolumeclaim) (kubelet_volume_stats_available_bytes{${CLAIM}}) / max by (persistentvolumeclaim) (kubelet_volume_stats_capacity_bytes{${CLAIM}})`,
                        legend: "{{persistentvolumeclaim}}",
                    },
                ],
            },
            {
                title: "Space used now",
                description: "Share of each claim's filesystem in use at the end of the range",
                unit: "percentunit",
                kind: "stat",
                needs: ["kubelet"],
                queries: [
                    {
                        expr: `1 - max by (persistentvolumeclaim) (kubelet_volume_stats_available_bytes{${CLAIM}}) / max by (persistentvolumeclaim) (kubelet_volume_stats_capacity_bytes{${CLAIM}})`,
                        legend: "{{persistentvolumeclaim}}",
                    },
                ],
            },
            {
                title: "Bytes used and capacity",
                description: "Bytes used and the filesystem's size, per claim",
                unit: "bytes",
                kind: "timeseries",
                needs: ["kubelet"],
                queries: [
                    { expr: `max by (persistentvolumeclaim) (kubelet_volume_stats_used_bytes{${CLAIM}})`, legend: "{{persistentvolumeclaim}} used" },
                    { expr: `max by (persistentvolumeclaim) (kubelet_volume_stats_capacity_bytes{${CLAIM}})`, legend: "{{persistentvolumeclaim}} capacity" },
                ],
            },
            {
                title: "Inodes used",
                description: "Share of each claim's inodes in use; a filesystem out of inodes refuses new files with space left",
                unit: "percentunit",
                kind: "timeseries",
                needs: ["kubelet"],
                queries: [
                    {
                        expr: `max by (persistentvolumeclaim) (kubelet_volume_stats_inodes_used{${CLAIM}}) / max by (persistentvolumeclaim) (kubelet_volume_stats_inodes{${CLAIM}})`,
                        legend: "{{persistentvolumeclaim}}",
                    },
                ],
            },
            {
                title: "Inodes used now",
                description: "Share of each claim's inodes in use at the end of the range",
                unit: "percentunit",
                kind: "stat",
                needs: ["kubelet"],
                queries: [
                    {
                        expr: `max by (persistentvolumeclaim) (kubelet_volume_stats_inodes_used{${CLAIM}}) / max by (persistentvolumeclaim) (kubelet_volume_stats_inodes{${CLAIM}})`,
                        legend: "{{persistentvolumeclaim}}",
                    },
                ],
            },
            {
                title: "Claim phase",
                description: "Each claim's phase (Pending, Bound, Lost), 1 for the phase it is in",
                unit: "short",
                kind: "timeseries",
                needs: ["kubelet", "kubeStateMetrics"],
                queries: [{ expr: `max by (persistentvolumeclaim, phase) (kube_persistentvolumeclaim_status_phase{${KSM_CLAIM}})`, legend: "{{persistentvolumeclaim}} {{phase}}" }],
            },
            {
                title: "Requested size and storage class",
                description: "The storage each claim requests, labelled with its storage class",
                unit: "bytes",
                kind: "timeseries",
                needs: ["kubelet", "kubeStateMetrics"],
                queries: [
                    {
                        expr:
                            `max by (persistentvolumeclaim) (kube_persistentvolumeclaim_resource_requests_storage_bytes{${KSM_CLAIM}}) ` +
                            `* on (persistentvolumeclaim) group_left (storageclass) max by (persistentvolumeclaim, storageclass) (kube_persistentvolumeclaim_info{${KSM_CLAIM}})`,
                        legend: "{{persistentvolumeclaim}} ({{storageclass}})",
                    },
                ],
            },
        ],
    };
}
