import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { KubernetesObject } from "../render";
import { renderedObjects, STACKS } from "./harness/rendered-stacks";
import { settingsWith } from "./harness/stack-config";
import { scrapeJobs } from "../stack/scrape-jobs";

/**
 * A scrape job that can never have a target (issue #46): its keep and drop rules, evaluated on
 * the discovery labels of every Service and pod the render writes, must let at least one through,
 * unless the job is for something the cluster or the stack file has and the render does not
 * write. The rules are evaluated here as Prometheus evaluates them (full-anchored regex over the
 * source labels joined by `;`), not by asking the program which jobs it meant to write, so a
 * job whose rules drop every Service the program writes fails, whatever the program thinks.
 */

const REPO = path.resolve(__dirname, "..");

/** Jobs whose targets the render does not write, with where they come from. */
const OUTSIDE_THE_RENDER: Record<string, string> = {
    apiserver: "Service default/kubernetes, which every cluster has",
    coredns: "Service kube-system/kube-dns, which kubeadm and kind clusters have",
    "kube-scheduler": "the control plane's static pods",
    "kube-controller-manager": "the control plane's static pods",
    "annotated-pods": "teams' pods that carry prometheus.io/scrape (docs/monitor-your-app.md)",
    "annotated-services": "teams' Services that carry prometheus.io/scrape (docs/monitor-your-app.md)",
    probe: "teams' Services and Ingresses that carry prometheus.io/probe (docs/monitor-your-app.md)",
};

type Target = { namespace: string; labels: Record<string, string> };

const metaName = (key: string) => key.replace(/[^a-zA-Z0-9_]/g, "_");

/** The discovery labels of each port of each Service in the render, as endpoints and endpointslice discovery set them. */
function serviceTargets(objects: readonly KubernetesObject[], role: string): Target[] {
    const portLabel = role === "endpointslice" ? "__meta_kubernetes_endpointslice_port_name" : "__meta_kubernetes_endpoint_port_name";
    return objects
        .filter((o) => o.kind === "Service")
        .flatMap((o: any) =>
            (o.spec?.ports ?? []).map((p: any) => ({
                namespace: o.metadata.namespace,
                labels: {
                    __meta_kubernetes_namespace: o.metadata.namespace,
                    __meta_kubernetes_service_name: o.metadata.name,
                    [portLabel]: p.name ?? "",
                    __address__: `10.0.0.1:${p.targetPort ?? p.port}`,
                    ...Object.fromEntries(Object.entries(o.metadata.labels ?? {}).map(([k, v]) => [`__meta_kubernetes_service_label_${metaName(k)}`, String(v)])),
                    ...Object.fromEntries(Object.entries(o.metadata.annotations ?? {}).map(([k, v]) => [`__meta_kubernetes_service_annotation_${metaName(k)}`, String(v)])),
                },
            })),
        );
}

/** The discovery labels of each container port of each workload's pods in the render, as pod discovery sets them. */
function podTargets(objects: readonly KubernetesObject[]): Target[] {
    return objects
        .filter((o) => ["Deployment", "StatefulSet", "DaemonSet"].includes(o.kind))
        .flatMap((o: any) => {
            const meta = o.spec.template.metadata ?? {};
            const base = {
                __meta_kubernetes_namespace: o.metadata.namespace,
                __meta_kubernetes_pod_phase: "Running",
                ...Object.fromEntries(Object.entries(meta.labels ?? {}).map(([k, v]) => [`__meta_kubernetes_pod_label_${metaName(k)}`, String(v)])),
                ...Object.fromEntries(Object.entries(meta.annotations ?? {}).map(([k, v]) => [`__meta_kubernetes_pod_annotation_${metaName(k)}`, String(v)])),
            };
            return (o.spec.template.spec.containers ?? []).flatMap((c: any) =>
                (c.ports ?? []).map((p: any) => ({
                    namespace: o.metadata.namespace,
                    labels: { ...base, __meta_kubernetes_pod_container_port_name: p.name ?? "", __address__: `10.0.0.2:${p.containerPort}` },
                })),
            );
        });
}

/** Whether a target survives the job's keep and drop rules; a rule over a label this model does not know passes. */
function survives(job: any, t: Target): boolean {
    for (const r of job.relabel_configs ?? []) {
        if (r.action !== "keep" && r.action !== "drop") continue;
        const sources: string[] = r.source_labels ?? [];
        if (sources.some((s) => !(s in t.labels) && !/^__meta_kubernetes_(service|pod)_(label|annotation)_/.test(s))) continue;
        const value = sources.map((s) => t.labels[s] ?? "").join(r.separator ?? ";");
        const matches = new RegExp(`^(?:${r.regex ?? "(.*)"})$`).test(value);
        if ((r.action === "keep") !== matches) return false;
    }
    return true;
}

/** The names of the jobs of prometheus.yml that no Service or pod of the render can feed. */
function jobsWithoutTargets(objects: readonly KubernetesObject[], prometheusYml: string): string[] {
    const config = parse(prometheusYml);
    return (config.scrape_configs ?? [])
        .filter((job: any) => {
            const sd = job.kubernetes_sd_configs?.[0];
            if (!sd || !["endpoints", "endpointslice", "pod"].includes(sd.role)) return false;
            const namespaces: string[] | undefined = sd.namespaces?.names;
            const targets = (sd.role === "pod" ? podTargets(objects) : serviceTargets(objects, sd.role)).filter((t) => !namespaces || namespaces.includes(t.namespace));
            return !targets.some((t) => survives(job, t));
        })
        .map((job: any) => job.job_name as string);
}

function prometheusYmlOf(objects: readonly KubernetesObject[]): string {
    const cm = objects.find((o: any) => o.kind === "ConfigMap" && o.data?.["prometheus.yml"]) as any;
    assert.ok(cm, "the render has Prometheus' ConfigMap");
    return cm.data["prometheus.yml"];
}

/** Jobs of the stack file's own Services (metrics.services) and hatches (extraScrapeConfigs): the stack deploys their targets. */
function stackDeclaredJobs(stack: string): string[] {
    const metrics = parse(fs.readFileSync(path.join(REPO, `Pulumi.${stack}.yaml`), "utf8"))?.config?.["cluster-monitoring:metrics"] ?? {};
    return [...(metrics.services ?? []).map((s: any) => s.name), ...(metrics.extraScrapeConfigs ?? []).map((c: any) => c.job_name)];
}

describe("scrape jobs that can never have a target (docs/scrape-jobs.md#monitor)", () => {
    for (const stack of STACKS) {
        it(`${stack}: every job's keep and drop rules let through a Service or pod of the render, or the job names where its targets come from`, async () => {
            const objects = await renderedObjects(stack);
            const idle = jobsWithoutTargets(objects, prometheusYmlOf(objects)).filter((j) => !(j in OUTSIDE_THE_RENDER) && !stackDeclaredJobs(stack).includes(j));
            assert.deepStrictEqual(idle, [], `${stack}: jobs no Service or pod of the render can feed`);
        });
    }

    it("the oracle sees the prod case: a monitor job beside the web jobs, which drops both monitor=main Services, has no target", async () => {
        const objects = await renderedObjects("prod");
        const yml = parse(prometheusYmlOf(objects));
        const monitor = {
            job_name: "monitor",
            kubernetes_sd_configs: [{ role: "endpointslice", namespaces: { names: ["monitoring"] } }],
            relabel_configs: [
                { action: "keep", source_labels: ["__meta_kubernetes_service_label_monitor"], regex: "main" },
                { action: "drop", source_labels: ["__meta_kubernetes_namespace", "__meta_kubernetes_service_name"], regex: "monitoring;monitor" },
                { action: "drop", source_labels: ["__meta_kubernetes_namespace", "__meta_kubernetes_service_name"], regex: "monitoring;alertmanager" },
            ],
        };
        const broken = JSON.stringify({ ...yml, scrape_configs: [monitor, ...yml.scrape_configs] });
        assert.deepStrictEqual(jobsWithoutTargets(objects, broken).filter((j) => !(j in OUTSIDE_THE_RENDER) && !stackDeclaredJobs("prod").includes(j)), ["monitor"]);
        // Without its two drops the same job keeps both Services: the oracle is not blind to the label.
        const kept = JSON.stringify({ ...yml, scrape_configs: [{ ...monitor, relabel_configs: monitor.relabel_configs.slice(0, 1) }] });
        assert.deepStrictEqual(jobsWithoutTargets(objects, kept), []);
    });

    it("the monitor job is left out exactly while both monitor=main Services have web jobs and the stack names no scrape namespace", () => {
        const web = { tls: { secretName: "web-tls" }, basicAuth: { username: "scraper" } };
        const names = (overrides: Record<string, Record<string, unknown>>) => scrapeJobs(settingsWith(overrides)).map((j) => j.job_name);
        const image = "quay.io/prometheus/prometheus:v3.13.3";
        assert.ok(!names({ metrics: { image, web }, alertmanager: { web } }).includes("monitor"), "both web jobs: nothing is left for it");
        assert.ok(names({ metrics: { image, web } }).includes("monitor"), "Alertmanager without web: the job scrapes it");
        assert.ok(names({ metrics: { image } }).includes("monitor"), "without web: the job scrapes Prometheus itself");
        assert.ok(names({ metrics: { image, web, scrapeNamespaces: ["monitoring"] }, alertmanager: { web } }).includes("monitor"), "named scrape namespaces promise Services of the stack's own");
    });
});
