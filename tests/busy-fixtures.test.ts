import * as assert from "assert";
import * as fs from "fs";
import { BUSY, BUSY_FIXTURES, busyApiserverFixture, busyCadvisorFixture, busyKsmCluster, busyKubeletFixture, busyNodeExporterFixture } from "../scripts/generate-busy-fixtures";
import { apiserverFixture, APISERVER_FIXTURE } from "../scripts/generate-apiserver-fixture";
import { KUBELET_FIXTURE, kubeletFixture } from "../scripts/generate-kubelet-fixture";
import { KSM_FIXTURE, kubeStateMetricsFixture } from "../scripts/generate-kube-state-metrics-fixture";
import { samples } from "../scripts/bench/relabel";

/**
 * The busy-node fixtures of npm run bench:ingest and bench:scale (issue #29): what the generator
 * writes, the shape they claim, and a header naming the source tag. The small fixtures' generators
 * took a shape parameter; without one they still write the committed small fixtures.
 */
const read = (f: string) => fs.readFileSync(f, "utf8");
const values = (file: string, name: RegExp, label: string) => new Set(samples(file).filter((s) => name.test(s.name) && s.labels[label] !== undefined).map((s) => s.labels[label]));

describe("busy-node fixtures (npm run fixture:busy)", () => {
    it("the committed cAdvisor, kubelet, API server and node-exporter busy fixtures are what the generator writes", () => {
        assert.strictEqual(read(BUSY_FIXTURES.cadvisor), busyCadvisorFixture());
        assert.strictEqual(read(BUSY_FIXTURES.kubelet), busyKubeletFixture());
        assert.strictEqual(read(BUSY_FIXTURES.apiserver), busyApiserverFixture());
        assert.strictEqual(read(BUSY_FIXTURES["node-exporter"]), busyNodeExporterFixture());
    });

    it("the generators given no shape write the small fixtures as before", () => {
        assert.strictEqual(kubeletFixture(), read(KUBELET_FIXTURE));
        assert.strictEqual(apiserverFixture(), read(APISERVER_FIXTURE));
        assert.strictEqual(kubeStateMetricsFixture(), read(KSM_FIXTURE));
    });

    it("model a busy node: at least 30 pods, several CPUs, disks and interfaces, and no pod veths", () => {
        assert.ok(values(BUSY_FIXTURES.cadvisor, /^container_cpu_usage_seconds_total$/, "pod").size >= 30);
        assert.ok(values(BUSY_FIXTURES.kubelet, /^kubelet_container_log_filesystem_used_bytes$/, "pod").size >= 30);
        assert.strictEqual(values(BUSY_FIXTURES["node-exporter"], /^node_cpu_seconds_total$/, "cpu").size, BUSY.cpus);
        assert.ok(values(BUSY_FIXTURES["node-exporter"], /^node_disk_io_time_seconds_total$/, "device").size >= BUSY.disks);
        const interfaces = values(BUSY_FIXTURES["node-exporter"], /^node_network_receive_bytes_total$/, "device");
        assert.ok(interfaces.size >= BUSY.interfaces);
        assert.deepStrictEqual([...interfaces].filter((d) => /^(veth.*|[a-f0-9]{15})$/.test(d)), []);
        const cluster = busyKsmCluster();
        const pods = cluster.deployments.reduce((n, d) => n + d.pods, 0) + cluster.nodes.length * cluster.daemonPods.length;
        assert.ok(pods / cluster.nodes.length >= 30, "kube-state-metrics' busy cluster: at least 30 pods per node");
    });

    it("each file's header names the tag it was written from", () => {
        for (const file of [BUSY_FIXTURES.cadvisor, BUSY_FIXTURES.kubelet, BUSY_FIXTURES.apiserver]) {
            assert.match(read(file).split("\n").slice(0, 5).join("\n"), /Kubernetes v1\.35\.0/, file);
        }
        assert.match(read(BUSY_FIXTURES["node-exporter"]).split("\n").slice(0, 5).join("\n"), /node_exporter tag v1\.5\.0/);
    });
});
