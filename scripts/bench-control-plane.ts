/**
 * Series per scrape of every Kubernetes and exporter job on its fixture: unfiltered, after
 * kube-prometheus' rules for the same job (scripts/bench/kube-prometheus-rules.ts), and after
 * ours, side by side; then the per-node total (cadvisor + kubelet + node-exporter + kube-proxy)
 * and the API server's cut, each as a ratio. A benchmark, not a test: it prints numbers and
 * asserts nothing.
 *
 * Ours: each job's metric_relabel_configs from the generated prometheus.yml, applied as
 * Prometheus applies them (scripts/bench/relabel.ts). tests/kubernetes-ingest.real.test.ts,
 * tests/cadvisor.real.test.ts, tests/exporters.real.test.ts and tests/grafana-dashboards.real.test.ts
 * prove the same rules on a real Prometheus; npm run bench:exporters and bench:cadvisor measure
 * some of them there too.
 *
 *   npm run bench:control-plane      (also: npm run bench:ingest)
 */
import * as path from "path";
import { parse } from "yaml";
import { KUBE_PROMETHEUS_RULES } from "./bench/kube-prometheus-rules";
import { kept, Rule, samples } from "./bench/relabel";
import { APISERVER_FIXTURE } from "./generate-apiserver-fixture";
import { CONTROL_PLANE_FIXTURES } from "./generate-control-plane-fixtures";
import { KSM_FIXTURE } from "./generate-kube-state-metrics-fixture";
import { KUBELET_FIXTURE } from "./generate-kubelet-fixture";
import { NODE_EXPORTER_FIXTURE } from "./generate-node-exporter-fixture";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { settingsWith } from "../tests/harness/stack-config";

const FIXTURES = path.join(__dirname, "..", "tests", "fixtures");

/** Each job, where it runs, and its fixture. */
const JOBS: ReadonlyArray<readonly [string, "node" | "cluster", string]> = [
    ["cadvisor", "node", path.join(FIXTURES, "cadvisor-metrics.txt")],
    ["kubelet", "node", KUBELET_FIXTURE],
    ["node-exporter", "node", NODE_EXPORTER_FIXTURE],
    ["kube-proxy", "node", CONTROL_PLANE_FIXTURES["kube-proxy"]],
    ["apiserver", "cluster", APISERVER_FIXTURE],
    ["coredns", "cluster", CONTROL_PLANE_FIXTURES.coredns],
    ["kube-scheduler", "cluster", CONTROL_PLANE_FIXTURES["kube-scheduler"]],
    ["kube-controller-manager", "cluster", CONTROL_PLANE_FIXTURES["kube-controller-manager"]],
    ["kube-state-metrics", "cluster", KSM_FIXTURE],
];

function main(): void {
    // Every job on, so that each has its generated rules.
    const config = parse(generatedPrometheusFiles(settingsWith()).prometheusYml);
    const ours = (job: string): Rule[] => {
        const j = config.scrape_configs.find((c: any) => c.job_name === job);
        if (!j) throw new Error(`the default stack generates no ${job} job`);
        return j.metric_relabel_configs ?? [];
    };
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    console.log("series per scrape of each fixture: unfiltered, kube-prometheus' rules, ours");
    console.log(`${"job".padEnd(26)}${"per".padEnd(9)}${pad("unfiltered", 11)}${pad("kube-prom", 11)}${pad("ours", 8)}${pad("ours/kp", 9)}`);
    const perNode = { all: 0, kp: 0, ours: 0 };
    const rows: Record<string, { all: number; kp: number; ours: number }> = {};
    for (const [job, per, file] of JOBS) {
        const all = samples(file);
        const r = { all: kept(all, []), kp: kept(all, KUBE_PROMETHEUS_RULES[job]), ours: kept(all, ours(job)) };
        rows[job] = r;
        if (per === "node") {
            perNode.all += r.all;
            perNode.kp += r.kp;
            perNode.ours += r.ours;
        }
        console.log(`${job.padEnd(26)}${per.padEnd(9)}${pad(r.all, 11)}${pad(r.kp, 11)}${pad(r.ours, 8)}${pad((r.ours / r.kp).toFixed(2), 9)}`);
    }
    console.log(`${"per node, all four".padEnd(35)}${pad(perNode.all, 11)}${pad(perNode.kp, 11)}${pad(perNode.ours, 8)}${pad((perNode.ours / perNode.kp).toFixed(2), 9)}`);
    const api = rows.apiserver;
    console.log(
        `\nper node: ours keep ${perNode.ours} series, ${((100 * perNode.ours) / perNode.kp).toFixed(0)}% of kube-prometheus' ${perNode.kp} (target: at most 50%).` +
            `\nAPI server: ours keep ${api.ours} of ${api.all} series, a cut of ${((100 * (api.all - api.ours)) / api.all).toFixed(0)}% (target: at least 50%); kube-prometheus keeps ${api.kp}.` +
            "\nThe fixtures are one small kind node and cluster (see each generator's header); the cadvisor and node-exporter counts grow with pods," +
            "\nCPUs, disks and interfaces, the API server's with resources and clients.",
    );
}

main();
