import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import * as protobuf from "protobufjs";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { serveExposition } from "./harness/exposition-server";
import { PrometheusProcess, promtool, sandboxConfig, tempDir, testCredentials } from "./harness/prometheus";
import { settingsWith, testPem } from "./harness/stack-config";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const snappy = require("snappyjs") as { uncompress(data: Uint8Array): Uint8Array };

/**
 * Proof of docs/long-term-storage.md: a real Prometheus 2.42 runs our rendered remote_write block
 * and sends to a receiver here on 127.0.0.1, which decodes each request as the remote write
 * protocol defines it (snappy block compression around a protobuf WriteRequest).
 */

/** The part of prometheus' prompb/remote.proto and types.proto that the assertions read. */
const WRITE_REQUEST_PROTO = `
syntax = "proto3";
package prometheus;
message WriteRequest { repeated TimeSeries timeseries = 1; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message Label { string name = 1; string value = 2; }
message Sample { double value = 1; int64 timestamp = 2; }
`;
const WriteRequest = protobuf.parse(WRITE_REQUEST_PROTO).root.lookupType("prometheus.WriteRequest");

interface Series {
    labels: Record<string, string>;
    samples: number;
}

interface Received {
    path: string;
    authorization: string | undefined;
    contentEncoding: string | undefined;
    series: Series[];
}

function decode(body: Buffer): Series[] {
    const message = WriteRequest.decode(snappy.uncompress(body)) as any;
    return (message.timeseries ?? []).map((ts: any) => ({
        labels: Object.fromEntries((ts.labels ?? []).map((l: any) => [l.name, l.value])),
        samples: (ts.samples ?? []).length,
    }));
}

/** A remote-write receiver: it answers 204 to every POST and keeps what it decoded. */
async function startReceiver(): Promise<{ url: string; received: Received[]; errors: string[]; close(): Promise<void> }> {
    const received: Received[] = [];
    const errors: string[] = [];
    const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c) => chunks.push(c));
        req.on("end", () => {
            try {
                received.push({
                    path: req.url ?? "",
                    authorization: req.headers.authorization,
                    contentEncoding: req.headers["content-encoding"],
                    series: decode(Buffer.concat(chunks)),
                });
            } catch (e) {
                errors.push(String(e));
            }
            res.writeHead(204).end();
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return {
        url: `http://127.0.0.1:${port}`,
        received,
        errors,
        close: () => new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
        }),
    };
}

const EXPOSITION = [
    "# TYPE rw_kept_total counter",
    'rw_kept_total{team="payments"} 7',
    "# TYPE rw_dropped_total counter",
    "rw_dropped_total 3",
    "",
].join("\n");

const PASSWORD = "rw-password-5b1e";
const TOKEN = "rw-token-9c2d";

describe("remote write on a real Prometheus 2.42", function () {
    let prometheus: PrometheusProcess | undefined;
    let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
    let exporter: Awaited<ReturnType<typeof serveExposition>> | undefined;
    let configYaml = "";

    before(async () => {
        receiver = await startReceiver();
        exporter = await serveExposition("/metrics", EXPOSITION);
        const settings = settingsWith(
            {
                metrics: {
                    scrapeInterval: "1s",
                    remoteWrite: [
                        {
                            url: `${receiver.url}/relabelled`,
                            // The receiver listens on loopback over plain http.
                            allowPlaintextCredentials: true,
                            basicAuth: { username: "writer", passwordKey: "remoteWritePassword" },
                            queue: { capacity: 100, maxShards: 2, minShards: 1, maxSamplesPerSend: 50, batchSendDeadline: "1s", minBackoff: "10ms", maxBackoff: "1s" },
                            writeRelabel: [
                                { action: "drop", sourceLabels: ["__name__"], regex: "rw_dropped_total" },
                                { sourceLabels: ["team"], regex: "(.*)", targetLabel: "owner", replacement: "team-$1" },
                                { action: "labeldrop", regex: "team" },
                                { action: "keep", sourceLabels: ["__name__"], regex: "rw_.*" },
                            ],
                        },
                        { url: `${receiver.url}/everything`, bearerTokenKey: "remoteWriteToken", remoteTimeout: "5s", allowPlaintextCredentials: true },
                    ],
                },
            },
            { remoteWritePassword: PASSWORD, remoteWriteToken: TOKEN },
        );
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        configYaml = prometheusYml;
        const files = tempDir("remote-write-secrets");
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            // The files of the mounted Secret, with the values the Secret would hold.
            for (const target of config.remote_write) {
                if (target.basic_auth) {
                    target.basic_auth.password_file = secretFile(files, target.basic_auth.password_file, PASSWORD);
                }
                if (target.bearer_token_file) {
                    target.bearer_token_file = secretFile(files, target.bearer_token_file, TOKEN);
                }
            }
            config.scrape_configs.push({ job_name: "exposition", scrape_interval: "1s", static_configs: [{ targets: [exporter!.address] }] });
        });
        prometheus = await PrometheusProcess.start(sandbox.configFile);
    });

    after(async () => {
        await prometheus?.stop();
        await receiver?.close();
        await exporter?.close();
    });

    /** Waits until a request to `path` has carried a series named `name`, and returns every series sent there. */
    async function seriesAt(urlPath: string, name: string): Promise<Series[]> {
        await prometheus!.waitFor(
            async () => receiver!.received.some((r) => r.path === urlPath && r.series.some((s) => s.labels.__name__ === name)),
            `${name} at ${urlPath}`,
        );
        return receiver!.received.filter((r) => r.path === urlPath).flatMap((r) => r.series);
    }

    it("renders remote_write with files for the credentials and no secret in the config", () => {
        assert.ok(configYaml.includes("password_file: /etc/prometheus/secrets/monitor-remote-write/remoteWritePassword"), configYaml);
        assert.ok(configYaml.includes("bearer_token_file: /etc/prometheus/secrets/monitor-remote-write/remoteWriteToken"), configYaml);
        assert.ok(!configYaml.includes(PASSWORD) && !configYaml.includes(TOKEN));
    });

    it("sends the scraped samples, snappy-compressed protobuf, to every target", async () => {
        const everything = await seriesAt("/everything", "rw_kept_total");
        const kept = everything.find((s) => s.labels.__name__ === "rw_kept_total")!;
        assert.strictEqual(kept.labels.team, "payments");
        assert.ok(kept.samples >= 1);
        assert.ok(receiver!.received.every((r) => r.contentEncoding === "snappy"));
        assert.deepStrictEqual(receiver!.errors, []);
    });

    it("applies the write relabel rules: a relabelled label arrives changed, a dropped series never arrives", async () => {
        const relabelled = await seriesAt("/relabelled", "rw_kept_total");
        const kept = relabelled.find((s) => s.labels.__name__ === "rw_kept_total")!;
        assert.strictEqual(kept.labels.owner, "team-payments");
        assert.ok(!("team" in kept.labels), JSON.stringify(kept.labels));
        // The other target proves rw_dropped_total was scraped and sent where no rule drops it.
        await seriesAt("/everything", "rw_dropped_total");
        assert.ok(!relabelled.some((s) => s.labels.__name__ === "rw_dropped_total"), "rw_dropped_total reached the relabelled target");
        // The keep rule lets only rw_* through: no up, no scrape_* series.
        assert.deepStrictEqual([...new Set(relabelled.map((s) => s.labels.__name__))].sort(), ["rw_kept_total"]);
    });

    it("adds the external labels to every series sent", async () => {
        const everything = await seriesAt("/everything", "rw_kept_total");
        assert.ok(everything.length > 0);
        for (const s of everything) {
            assert.strictEqual(s.labels.monitor, "monitoring/main", JSON.stringify(s.labels));
        }
    });

    it("authenticates with the credentials read from the mounted files", async () => {
        await seriesAt("/relabelled", "rw_kept_total");
        await seriesAt("/everything", "rw_kept_total");
        const basic = `Basic ${Buffer.from(`writer:${PASSWORD}`).toString("base64")}`;
        for (const r of receiver!.received) {
            assert.strictEqual(r.authorization, r.path === "/relabelled" ? basic : `Bearer ${TOKEN}`, r.path);
        }
    });

    it("promtool accepts a rendered config that uses every remote_write option", () => {
        const settings = settingsWith(
            {
                metrics: {
                    remoteWrite: [
                        {
                            url: "https://metrics.example.com/api/v1/write",
                            remoteTimeout: "20s",
                            basicAuth: { username: "writer", passwordKey: "remoteWritePassword" },
                            tls: { caKey: "remoteWriteCa", serverName: "metrics.example.com" },
                            queue: { capacity: 2500, maxShards: 200, minShards: 1, maxSamplesPerSend: 500, batchSendDeadline: "5s", minBackoff: "30ms", maxBackoff: "5s" },
                            writeRelabel: [
                                { action: "hashmod", sourceLabels: ["instance"], targetLabel: "__tmp_shard", modulus: 4 },
                                { action: "keep", sourceLabels: ["__tmp_shard"], regex: "0" },
                                { action: "labelmap", regex: "__meta_(.+)", replacement: "meta_$1" },
                                { action: "labelkeep", regex: ".+" },
                            ],
                        },
                        { url: "http://receiver.monitoring.svc:8080/write", bearerTokenKey: "remoteWriteToken", allowPlaintextCredentials: true },
                    ],
                },
            },
            { remoteWritePassword: PASSWORD, remoteWriteToken: TOKEN, remoteWriteCa: testPem("CERTIFICATE", "CA") },
        );
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        const files = tempDir("remote-write-promtool");
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const [first, second] = config.remote_write;
            first.basic_auth.password_file = secretFile(files, first.basic_auth.password_file, PASSWORD);
            first.tls_config.ca_file = secretFile(files, first.tls_config.ca_file, testCredentials().cert);
            second.bearer_token_file = secretFile(files, second.bearer_token_file, TOKEN);
        });
        assert.strictEqual(sandbox.config.remote_write.length, 2);
        assert.match(promtool("check", "config", sandbox.configFile), /SUCCESS/);
    });
});

function secretFile(dir: string, mounted: string, content: string): string {
    const file = path.join(dir, path.basename(mounted));
    fs.writeFileSync(file, content);
    return file;
}
