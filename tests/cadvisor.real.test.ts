import * as assert from "assert";
import * as fs from "fs";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { CADVISOR_FIXTURE, CadvisorScrape, parseExposition, Sample, scrapeFixtureWithCadvisorJob } from "./harness/cadvisor-scrape";

const TARGET_LABELS = ["instance", "job", "node"];

/** Written from docs/scrape-jobs.md's description of the filter, independently of the relabel rules. */
function shouldKeep(s: Sample): boolean {
    const family = CADVISOR_FAMILIES.find((f) => f.name === s.name);
    if (family && !family.keep) return false;
    const { id = "", container = "", pod = "" } = s.labels;
    if (id !== "" && container === "" && pod === "") return false;
    if ((container === "" || container === "POD") && pod !== "" && !s.name.startsWith("container_network_")) return false;
    return true;
}

function key(s: Sample): string {
    const labels = Object.entries(s.labels)
        .filter(([k, v]) => v !== "" && !TARGET_LABELS.includes(k))
        .sort(([a], [b]) => a.localeCompare(b));
    return `${s.name}${JSON.stringify(labels)}`;
}

describe("cadvisor metric filtering on a real Prometheus", function () {
    const fixture = parseExposition(fs.readFileSync(CADVISOR_FIXTURE, "utf8"));
    let scrape: CadvisorScrape | undefined;

    before(async () => {
        scrape = await scrapeFixtureWithCadvisorJob();
    });
    after(async () => {
        await scrape?.stop();
    });

    it("the fixture is realistic: every family, cgroup-level series and pause containers", () => {
        const names = new Set(fixture.map((s) => s.name));
        for (const family of CADVISOR_FAMILIES) {
            assert.ok(names.has(family.name), `fixture lacks ${family.name}`);
        }
        assert.ok(fixture.some((s) => s.labels.id === "/system.slice/kubelet.service" && s.labels.pod === ""));
        assert.ok(fixture.some((s) => s.labels.container === "POD" && s.name === "container_network_receive_bytes_total"));
        assert.ok(fixture.some((s) => s.labels.container === "POD" && s.name === "container_cpu_usage_seconds_total"));
        assert.ok(
            fixture.some((s) => s.labels.container === "" && s.labels.image.includes("pause") && s.name === "container_network_receive_bytes_total"),
            "a containerd sandbox, which has an empty container label",
        );
        assert.ok(names.has("container_hugetlb_usage_bytes"), "a family the table does not list");
    });

    it("stores exactly the series the rules of docs/scrape-jobs.md keep, and no other", () => {
        const expected = fixture.filter(shouldKeep).map(key).sort();
        const stored = scrape!.stored.map(key).sort();
        assert.deepStrictEqual(stored, expected);
        assert.strictEqual(scrape!.samplesStored, expected.length);
        assert.strictEqual(scrape!.samplesScraped, fixture.length);
    });

    it("keeps container CPU, memory, network, filesystem and throttling per container", () => {
        const kept = new Set(scrape!.stored.filter((s) => s.labels.container === "nginx").map((s) => s.name));
        for (const name of [
            "container_cpu_usage_seconds_total",
            "container_cpu_cfs_throttled_periods_total",
            "container_cpu_cfs_periods_total",
            "container_memory_working_set_bytes",
            "container_memory_rss",
            "container_fs_reads_bytes_total",
            "container_fs_writes_bytes_total",
        ]) {
            assert.ok(kept.has(name), `${name} of container nginx was dropped`);
        }
        const podNetwork = scrape!.stored.filter((s) => s.name === "container_network_receive_bytes_total" && s.labels.pod === "web-7d9c6c8b9f-q2w4e");
        assert.ok(podNetwork.length > 0, "the pod's network counters were dropped");
    });

    it("drops cgroup-level series, pod-level and pause series except network, and the unused families", () => {
        const stored = scrape!.stored;
        assert.deepStrictEqual(
            stored.filter((s) => s.labels.pod && !s.labels.container && !s.name.startsWith("container_network_")).map((s) => s.name),
            [],
            "containerd sandbox and pod cgroup series",
        );
        assert.deepStrictEqual(stored.filter((s) => s.labels.id && !s.labels.container && !s.labels.pod), []);
        assert.deepStrictEqual(
            stored.filter((s) => s.labels.container === "POD" && !s.name.startsWith("container_network_")).map((s) => s.name),
            [],
        );
        const names = new Set(stored.map((s) => s.name));
        for (const family of CADVISOR_FAMILIES.filter((f) => !f.keep)) {
            assert.ok(!names.has(family.name), `${family.name} should be dropped`);
        }
        assert.ok(stored.every((s) => !Object.keys(s.labels).some((l) => l.startsWith("__"))), "the network mark must not be stored");
        assert.ok(scrape!.samplesStored < scrape!.samplesScraped / 2, "the filter should remove most of the payload");
    });
});
