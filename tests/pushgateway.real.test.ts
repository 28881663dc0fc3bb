import * as assert from "assert";
import { parse } from "yaml";
import { PUSHGATEWAY_JOB_NAME } from "../components/pushgateway";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { prometheusQueries, queryVariables } from "./harness/dashboards";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, promtool, sandboxConfig, SandboxedConfig } from "./harness/prometheus";
import { fillVariables, labelValuesQuery } from "./harness/promql";
import { PushgatewayProcess, within } from "./harness/pushgateway-process";
import { settingsWith } from "./harness/stack-config";

/**
 * The Pushgateway for real (docs/pushgateway.md): Debian's prometheus-pushgateway (1.5.1; the
 * image is 1.11.3, and the flags, endpoints and families used are older than both) runs with the
 * Deployment's flags; batch jobs push to it as they would at their end, and a real Prometheus,
 * on the generated config with its targets fed through file_sd as Kubernetes discovery would
 * give them, scrapes it through the generated pushgateway job and evaluates the generated rules.
 * The alerts' `for` and the stale threshold are shortened through alertRules.overrides (their
 * promtool cases, tests/pushgateway-alerts.real.test.ts, hold them at their real boundaries).
 */

const CONTRAST_JOB = "pushgateway-without-honor-labels";

const settings = settingsWith({
    metrics: { scrapeInterval: "1s", evaluationInterval: "1s", externalLabels: { monitor: "monitoring/main", cluster: "edge-1" } },
    pushgateway: { enabled: true, pusherNamespaces: ["batch"] },
    alertRules: { overrides: { PushgatewayDown: { for: "1s" }, PushgatewayPushStale: { threshold: 2, for: "1s" } } },
});

type Sample = { metric: Record<string, string>; value: [number, string] };
const labelsOf = (s: Sample) => Object.fromEntries(Object.entries(s.metric).filter(([k]) => k !== "__name__"));

describe("the Pushgateway on a real Prometheus through the generated job", function () {
    let gateway: PushgatewayProcess | undefined;
    let server: PrometheusProcess | undefined;
    let sandbox: SandboxedConfig;

    /** The query's vector once it has at least `count` series, within the deadline. */
    const series = (expr: string, count = 1) =>
        within(
            async () => {
                const result = await server!.query(expr);
                return result.length >= count ? result : undefined;
            },
            `${count} series of ${expr}`,
            () => gateway?.exited(),
        );
    const firing = (alert: string, job: string) => series(`ALERTS{alertname="${alert}",alertstate="firing",job="${job}"}`);

    before(async () => {
        gateway = await PushgatewayProcess.start();
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            // The same job without honor_labels, on the same targets: what honor_labels changes.
            const job = config.scrape_configs.find((j: any) => j.job_name === PUSHGATEWAY_JOB_NAME);
            config.scrape_configs.push({ ...structuredClone(job), job_name: CONTRAST_JOB, honor_labels: false });
        });
        sandbox.setTargets(PUSHGATEWAY_JOB_NAME, [
            discoveredTarget(gateway.address, { namespace: "monitoring", service_name: "pushgateway", endpoint_port_name: "http", endpoint_address_target_kind: "Pod", endpoint_address_target_name: "pushgateway-7d9f-abcde" }),
            // Another Service's endpoint in the namespace, which the job must leave alone.
            discoveredTarget("127.0.0.1:9", { namespace: "monitoring", service_name: "monitor", endpoint_port_name: "web" }),
        ]);

        // What batch jobs push at their end: a PUT replaces the job's group, a POST adds to a group keyed by instance.
        assert.strictEqual((await gateway.push("PUT", "job/nightly-backup", "# TYPE backup_last_success_timestamp_seconds gauge\nbackup_last_success_timestamp_seconds 1.7e9\n")).status, 200);
        assert.strictEqual((await gateway.push("POST", "job/report/instance/batch-1", "# TYPE report_rows_total counter\nreport_rows_total 42\n")).status, 200);
        // A pusher that writes what only Prometheus writes (up) and the stack's cluster label.
        assert.strictEqual((await gateway.push("PUT", "job/sneaky", 'up{instance="node-1"} 0\nimpostor_series{cluster="impostor"} 1\n')).status, 200);
        server = await PrometheusProcess.start(sandbox.configFile);
    });

    after(async () => {
        await server?.stop();
        await gateway?.stop();
    });

    it("the generated config passes promtool check config", () => {
        assert.match(promtool("check", "config", sandbox.configFile), /SUCCESS/);
        const job = (parse(generatedPrometheusFiles(settings).prometheusYml).scrape_configs as any[]).find((j) => j.job_name === PUSHGATEWAY_JOB_NAME);
        assert.strictEqual(job.honor_labels, true);
    });

    it("scrapes the gateway's Service endpoint only, labelled job, instance and namespace", async () => {
        const { active, dropped } = await server!.targetsOfJob(PUSHGATEWAY_JOB_NAME, 2);
        assert.deepStrictEqual(active.map((t) => t.labels), [{ instance: gateway!.address, job: PUSHGATEWAY_JOB_NAME, namespace: "monitoring" }]);
        assert.deepStrictEqual(dropped.map((t) => t.discoveredLabels.__meta_kubernetes_service_name), ["monitor"]);
        const up = await series(`up{job="${PUSHGATEWAY_JOB_NAME}"} == 1`);
        assert.strictEqual(up[0].metric.instance, gateway!.address);
    });

    it("honor_labels keeps the job that pushed, and its instance where it gave one; a group without one gets no instance, not the gateway's", async () => {
        const [backup] = await series(`backup_last_success_timestamp_seconds{job="nightly-backup"}`);
        assert.deepStrictEqual(labelsOf(backup), { job: "nightly-backup", namespace: "monitoring" });
        assert.strictEqual(backup.value[1], "1700000000");
        const [rows] = await series(`report_rows_total{job="report"}`);
        assert.deepStrictEqual(labelsOf(rows), { instance: "batch-1", job: "report", namespace: "monitoring" });
        const pushTimes = await series("push_time_seconds", 3);
        assert.deepStrictEqual(pushTimes.map((s) => s.metric.job).filter((j) => j !== CONTRAST_JOB).sort(), ["nightly-backup", "report", "sneaky"]);
        // The gateway's own series are its job's.
        const [build] = await series(`pushgateway_build_info{job="${PUSHGATEWAY_JOB_NAME}"}`);
        assert.strictEqual(build.metric.instance, gateway!.address);
    });

    it("without honor_labels the same push lands under the scrape job, its own job as exported_job: what honor_labels prevents", async () => {
        const [backup] = await series(`backup_last_success_timestamp_seconds{job="${CONTRAST_JOB}"}`);
        assert.strictEqual(backup.metric.exported_job, "nightly-backup");
        assert.strictEqual(backup.metric.instance, gateway!.address);
        assert.deepStrictEqual(await server!.query(`backup_last_success_timestamp_seconds{job="${PUSHGATEWAY_JOB_NAME}"}`), []);
    });

    it("a pusher cannot write up, nor the stack's external labels: up is dropped, a pushed cluster label removed", async () => {
        // The gateway serves both as pushed; the job's metric relabelling is what keeps them out.
        const served = await gateway!.metrics();
        assert.match(served, /^up\{instance="node-1",job="sneaky"\} 0$/m);
        assert.match(served, /^impostor_series\{cluster="impostor",instance="",job="sneaky"\} 1$/m);
        const [impostor] = await series(`impostor_series{job="sneaky"}`);
        assert.strictEqual(impostor.metric.cluster, undefined, JSON.stringify(impostor.metric));
        assert.deepStrictEqual(await server!.query(`up{job="sneaky"}`), []);
        assert.deepStrictEqual(await server!.query(`up{instance="node-1"}`), []);
    });

    it("every query of the Pushgateway board returns series from what the job keeps", async () => {
        const board = dashboardsFor(settings, PROJECT).filter((d) => d.json.title === "Pushgateway");
        assert.strictEqual(board.length, 1, "the board is generated while the gateway runs");
        const queries = prometheusQueries(board);
        assert.ok(queries.length >= 6, `${queries.length} queries`);
        for (const q of queries) {
            const expr = fillVariables(q.expr, { job: ".*", __rate_interval: "10s" });
            await series(expr).catch((e) => assert.fail(`${q.panel}: ${expr}: ${e.message}`));
        }
        // The board's $job variable offers the jobs that pushed.
        const variable = queryVariables(board[0]).find((v) => v.name === "job")!;
        const { selector, label } = labelValuesQuery(variable.query);
        const offered = [...new Set((await series(fillVariables(selector, {}), 3)).map((s) => s.metric[label]))];
        assert.ok(["nightly-backup", "report", "sneaky"].every((j) => offered.includes(j)), offered.join(", "));
    });

    it("PushgatewayPushFailed fires for a refused push (inconsistent with what another group holds), not for the groups pushed well", async () => {
        const refused = await gateway!.push("PUT", "job/broken", "# TYPE backup_last_success_timestamp_seconds counter\nbackup_last_success_timestamp_seconds 1\n");
        assert.strictEqual(refused.status, 400, refused.text);
        await firing("PushgatewayPushFailed", "broken");
        assert.deepStrictEqual(await server!.query(`ALERTS{alertname="PushgatewayPushFailed",job="nightly-backup"}`), []);
    });

    it("PushgatewayPushStale fires once a group's last push is older than the threshold, and never for a group that never pushed successfully", async () => {
        await firing("PushgatewayPushStale", "nightly-backup");
        await firing("PushgatewayPushStale", "report");
        // A group pushed after the refused one goes stale after the threshold and the for; by then the refused
        // group, whose push_time_seconds is 0 (PushgatewayPushFailed's), would have fired long before without `!= 0`.
        await series(`push_time_seconds{job="broken"} == 0`);
        assert.strictEqual((await gateway!.push("PUT", "job/after-broken", "after_broken_done 1\n")).status, 200);
        await firing("PushgatewayPushStale", "after-broken");
        assert.deepStrictEqual(await server!.query(`ALERTS{alertname="PushgatewayPushStale",job="broken"}`), []);
    });

    it("PushgatewayDown fires once the gateway stops answering", async () => {
        assert.deepStrictEqual(await server!.query(`ALERTS{alertname="PushgatewayDown"}`), []);
        await gateway!.stop();
        // absent() of a comparison carries no label of its selector: the alert names no job.
        await within(async () => (await server!.query(`ALERTS{alertname="PushgatewayDown",alertstate="firing"}`)).length === 1, "PushgatewayDown firing");
    });
});

describe("the Pushgateway's persistence file, as the Deployment's flags write it", () => {
    it("a restarted gateway on the same file (a container restart on its emptyDir) still holds what was pushed", async () => {
        const first = await PushgatewayProcess.start();
        try {
            assert.strictEqual((await first.push("PUT", "job/nightly-backup", "backup_last_success_timestamp_seconds 1.7e9\n")).status, 200);
        } finally {
            await first.stop();
        }
        const second = await PushgatewayProcess.start(first.persistenceFile);
        try {
            assert.match(await second.metrics(), /^backup_last_success_timestamp_seconds\{instance="",job="nightly-backup"\} 1\.7e\+09$/m);
        } finally {
            await second.stop();
        }
    });
});
