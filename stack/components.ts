import { Component } from "../components/contribution";
import { alertmanager } from "../components/alertmanager/component";
import { apiserver } from "../components/apiserver/component";
import { blackboxExporter } from "../components/blackbox-exporter/component";
import { controlPlane } from "../components/control-plane/component";
import { eventCollector } from "../components/event-collector/component";
import { grafana } from "../components/grafana/component";
import { kubelet } from "../components/kubelet/component";
import { kubeStateMetrics } from "../components/kube-state-metrics/component";
import { logAgent } from "../components/log-agent/component";
import { longTermStore } from "../components/long-term-store/component";
import { networkPolicies } from "../components/network-policies/component";
import { nodeExporter } from "../components/node-exporter/component";
import { prometheus } from "../components/prometheus/component";
import { pushgateway } from "../components/pushgateway/component";
import { resourceMetrics } from "../components/resource-metrics/component";
import { searchStore } from "../components/search-store/component";
import { teamTargets } from "../components/team-targets/component";

/**
 * Every component of the program, as kube-prometheus' main.libsonnet lists its components: the
 * one place that names them. Everything the stack deploys is a fold over this list
 * (stack/contributions.ts), and its resources are built by one loop over it (stack/build.ts).
 * Within each section of prometheus.yml, jobs follow this order; a component's resources may
 * read what those before it built (Grafana and the adapter log in to Prometheus; the log agent
 * rolls with the in-cluster OpenSearch's password for it).
 */
export const COMPONENTS: readonly Component[] = [
    prometheus,
    alertmanager,
    grafana,
    resourceMetrics,
    longTermStore,
    searchStore,
    kubelet,
    apiserver,
    controlPlane,
    logAgent,
    nodeExporter,
    kubeStateMetrics,
    teamTargets,
    blackboxExporter,
    pushgateway,
    eventCollector,
    networkPolicies,
];
