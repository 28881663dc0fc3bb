import { ControlPlaneRuleInput } from "./rule-input";
import { RuleGroup, runbook } from "../common/rules/types";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/**
 * The Kubernetes components we scrape, as one system: do they run one minor version, and do
 * their API clients get answers. Every component built on k8s.io/component-base and client-go
 * serves kubernetes_build_info and rest_client_requests_total, and each job keeps both
 * (components/common/scrape/component-base-families.ts). The jobs are those that run: a managed
 * control plane has no scheduler or controller manager job, so they are not named.
 */
export function kubernetesComponentJobs(c: Pick<ControlPlaneRuleInput, "apiserver" | "kubelet" | "scheduler" | "controllerManager" | "kubeProxy">): string[] {
    return [
        ...(c.apiserver ? ["apiserver"] : []),
        ...(c.kubelet ? ["kubelet"] : []),
        ...(c.scheduler ? [CONTROL_PLANE_JOB_NAMES.scheduler] : []),
        ...(c.controllerManager ? [CONTROL_PLANE_JOB_NAMES.controllerManager] : []),
        ...(c.kubeProxy ? [CONTROL_PLANE_JOB_NAMES.kubeProxy] : []),
    ];
}

/** Thresholds, `for` and severities are kubernetes-mixin's; the expressions are written here. */
export function kubernetesSystemGroup(c: Parameters<typeof kubernetesComponentJobs>[0]): RuleGroup | undefined {
    const jobs = kubernetesComponentJobs(c);
    if (jobs.length === 0) {
        return undefined;
    }
    const job = `job=~"${jobs.join("|")}"`;
    return {
        name: "kubernetes-system",
        rules: [
            {
                alert: "KubeVersionMismatch",
                // The minor version ("v1.35.2-eks-1a2b" → "1.35"): patch releases of one minor
                // mix on purpose during an upgrade of nodes, and so do vendor suffixes.
                expr: `count(count by (minor) (label_replace(kubernetes_build_info{${job}}, "minor", "$1", "git_version", "v?([0-9]+\\\\.[0-9]+).*"))) > 1`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "Kubernetes components of different minor versions run.",
                    description: "The API servers, kubelets and other Kubernetes components have run more than one minor version for 15 minutes: an upgrade has stopped half-way.",
                    runbook_url: runbook("kubernetes/kubeversionmismatch"),
                },
            },
            {
                alert: "KubeClientErrors",
                expr:
                    `sum by (job, instance) (rate(rest_client_requests_total{${job},code=~"5.."}[5m])) / ` +
                    `sum by (job, instance) (rate(rest_client_requests_total{${job}}[5m])) > 0.01`,
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A Kubernetes component's calls to the API server fail.",
                    description: "More than 1 % of the API requests of {{ $labels.job }} on {{ $labels.instance }} have been answered with a 5xx for 15 minutes.",
                    runbook_url: runbook("kubernetes/kubeclienterrors"),
                },
            },
        ],
    };
}
