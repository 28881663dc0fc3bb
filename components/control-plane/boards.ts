import type { BoardsOf } from "../contribution";
import { coreDnsDashboard } from "./coredns-dashboard";
import { controlPlaneDashboard } from "./dashboard";
import { etcdDashboard } from "./etcd-dashboard";

/** The control plane's, CoreDNS' and etcd's boards; loaded only while Grafana is on. */
export const boards: BoardsOf = (_s, ctx) => ({ prometheus: [controlPlaneDashboard(ctx), coreDnsDashboard, etcdDashboard] });
