/**
 * Series per scrape of the control-plane jobs on their fixtures (scripts/generate-control-plane-fixtures.ts):
 * unfiltered, after kube-prometheus' rules for the same job, and after ours, side by side, plus
 * the API server on tests/fixtures/apiserver-metrics.txt. A benchmark, not a test: it prints
 * numbers and asserts nothing.
 *
 * Ours: the job's own metric_relabel_configs from the generated prometheus.yml, each drop regex
 * anchored as Prometheus anchors it (tests/control-plane-families.test.ts and
 * tests/grafana-dashboards.real.test.ts prove the same rules on a real Prometheus).
 * kube-prometheus: its ServiceMonitors (jsonnet/kube-prometheus/components/k8s-control-plane.libsonnet)
 * set no metricRelabelings for kube-scheduler and CoreDNS; for kube-controller-manager and the
 * API server they drop deprecated names (dropping-deprecated-metrics-relabelings.libsonnet, none
 * of which the fixtures serve), etcd_(debugging|disk|request|server).* and, on the API server,
 * 25 of apiserver_request_duration_seconds' buckets. kube-proxy is an optional add-on there and
 * not filtered. Those rules are restated below as regexes.
 *
 *   npm run bench:control-plane
 */
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { CONTROL_PLANE_FIXTURES } from "./generate-control-plane-fixtures";
import { generatedPrometheusFiles } from "../tests/harness/generated-config";
import { settingsWith } from "../tests/harness/stack-config";

interface Sample {
    name: string;
    labels: Record<string, string>;
}

function samples(file: string): Sample[] {
    return fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#"))
        .map((l) => {
            const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? /.exec(l)!;
            const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
            return { name: m[1], labels };
        });
}

type Drop = { sourceLabels: string[]; regex: string };
const anchored = (regex: string) => new RegExp(`^(?:${regex})$`);
const kept = (all: Sample[], drops: Drop[]) =>
    all.filter((s) => !drops.some((d) => anchored(d.regex).test(d.sourceLabels.map((l) => (l === "__name__" ? s.name : (s.labels[l] ?? ""))).join(";")))).length;

const KUBE_PROMETHEUS: Record<string, Drop[]> = {
    coredns: [],
    "kube-scheduler": [],
    "kube-controller-manager": [{ sourceLabels: ["__name__"], regex: "etcd_(debugging|disk|request|server).*" }],
    "kube-proxy": [],
    apiserver: [
        { sourceLabels: ["__name__"], regex: "etcd_(debugging|disk|server).*" },
        { sourceLabels: ["__name__"], regex: "apiserver_admission_controller_admission_latencies_seconds_.*" },
        { sourceLabels: ["__name__"], regex: "apiserver_admission_step_admission_latencies_seconds_.*" },
        { sourceLabels: ["__name__", "le"], regex: "apiserver_request_duration_seconds_bucket;(0.15|0.25|0.3|0.35|0.4|0.45|0.6|0.7|0.8|0.9|1.25|1.5|1.75|2.5|3|3.5|4.5|6|7|8|9|15|25|30|50)" },
    ],
};

function main(): void {
    const config = parse(generatedPrometheusFiles(settingsWith().metrics).prometheusYml);
    const ours = (job: string): Drop[] =>
        (config.scrape_configs.find((j: any) => j.job_name === job)?.metric_relabel_configs ?? [])
            .filter((r: any) => r.action === "drop")
            .map((r: any) => ({ sourceLabels: r.source_labels, regex: r.regex, separator: r.separator }));
    const files: Record<string, string> = { ...CONTROL_PLANE_FIXTURES, apiserver: path.join(__dirname, "..", "tests", "fixtures", "apiserver-metrics.txt") };
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    console.log("series per scrape of each fixture: unfiltered, kube-prometheus' rules, ours");
    console.log(`${"job".padEnd(26)}${pad("unfiltered", 12)}${pad("kube-prom", 12)}${pad("ours", 8)}${pad("ours/kp", 10)}`);
    const rows: Record<string, { all: number; kp: number; ours: number }> = {};
    for (const [job, file] of Object.entries(files)) {
        const all = samples(file);
        rows[job] = { all: all.length, kp: kept(all, KUBE_PROMETHEUS[job]), ours: kept(all, ours(job)) };
        const r = rows[job];
        console.log(`${job.padEnd(26)}${pad(r.all, 12)}${pad(r.kp, 12)}${pad(r.ours, 8)}${pad((r.ours / r.kp).toFixed(2), 10)}`);
    }
    console.log(
        "\nkube-proxy is the only per-node job among these: add its line to the per-node figures of npm run bench:exporters and bench:cadvisor." +
            "\nThe API server fixture holds only the STABLE families the dashboard reads (22 lines, written by hand): our apiserver job drops nothing yet," +
            "\nso no cut is claimed for it here.",
    );
}

main();
