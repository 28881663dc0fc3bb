import type { BoardsOf } from "../contribution";
import { kubeletDashboard } from "./dashboard";
import { namespaceWorkloadsDashboard } from "./namespace-workloads-dashboard";
import { nodePodsDashboard } from "./node-pods-dashboard";
import { volumesDashboard } from "./volumes-dashboard";
import { workloadDashboard } from "./workload-dashboard";
import { workloadsDashboard } from "./workloads-dashboard";

/** The Compute Resources boards (cAdvisor's series), the kubelet's and the volumes'; loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({
    prometheus: [workloadsDashboard(ctx), namespaceWorkloadsDashboard(ctx), workloadDashboard(ctx), nodePodsDashboard(ctx), kubeletDashboard(ctx), volumesDashboard(ctx)],
});
