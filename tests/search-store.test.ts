import * as assert from "assert";
import { SearchStore } from "../components/search-store";
import { searchStoreStatefulSet } from "../components/search-store/statefulset";
import { ConfigError, Settings } from "../config";
import { captureResources, findOne, RegisteredResource } from "./harness/pulumi-mocks";
import { settingsWith } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

const T = {
    component: "cluster-monitoring:logging:SearchStore",
    service: "kubernetes:core/v1:Service",
    statefulSet: "kubernetes:apps/v1:StatefulSet",
    pv: "kubernetes:core/v1:PersistentVolume",
};

function storeSettings(searchStore: Record<string, unknown> = {}, logs: Record<string, unknown> = {}): Settings {
    return settingsWith({ searchStore: { enabled: true, ...searchStore }, logs });
}

function build(settings: Settings): Promise<RegisteredResource[]> {
    return captureResources(() => new SearchStore("search-store", { settings: settings.searchStore, namespaces: EXISTING_NAMESPACES }));
}

function configError(searchStore: Record<string, unknown>, logs: Record<string, unknown> = {}, secrets: Record<string, string> = {}): ConfigError {
    try {
        settingsWith({ searchStore: { enabled: true, ...searchStore }, logs }, secrets);
    } catch (e) {
        if (e instanceof ConfigError) {
            return e;
        }
        throw e;
    }
    assert.fail("expected a ConfigError");
}

describe("search store (in-cluster Elasticsearch)", () => {
    it("is off by default", () => {
        assert.strictEqual(settingsWith().searchStore.enabled, false);
    });

    describe("resources", () => {
        let resources: RegisteredResource[];
        let sts: any;
        before(async () => {
            resources = await build(storeSettings());
            sts = findOne(resources, T.statefulSet).inputs;
        });

        it("registers a Service, a StatefulSet and its own ServiceAccount, and no PersistentVolume in storageClass mode", () => {
            // Kibana and log retention are components of their own (tests/kibana.test.ts, tests/log-retention.test.ts).
            const own = resources.filter((r) => r.type.startsWith("kubernetes:") && r.inputs.metadata?.name === storeSettings().searchStore.name);
            assert.deepStrictEqual(own.map((r) => r.type).sort(), [T.statefulSet, T.service, "kubernetes:core/v1:ServiceAccount"].sort());
            assert.ok(!resources.some((r) => r.type === "kubernetes:core/v1:PersistentVolume"));
        });

        it("names its Service so that the log agent's default host reaches it, in the agent's namespace", () => {
            const logs = settingsWith().logs;
            const service = findOne(resources, T.service, logs.search.host).inputs;
            assert.strictEqual(service.metadata.name, logs.search.host);
            assert.strictEqual(service.metadata.namespace, logs.namespace);
            assert.strictEqual(service.spec.ports[0].port, logs.search.port);
            assert.deepStrictEqual(service.spec.selector, sts.spec.template.metadata.labels);
            assert.strictEqual(service.spec.ports[0].targetPort, sts.spec.template.spec.containers[0].ports[0].name);
        });

        it("runs one Elasticsearch 7 OSS node with single-node discovery and a fixed heap", () => {
            const c = sts.spec.template.spec.containers[0];
            assert.strictEqual(sts.spec.replicas, 1);
            assert.match(c.image, /^docker\.elastic\.co\/elasticsearch\/elasticsearch-oss:7\./);
            const env = Object.fromEntries(c.env.map((e: any) => [e.name, e.value]));
            assert.strictEqual(env["discovery.type"], "single-node");
            assert.strictEqual(env.ES_JAVA_OPTS, "-Xms512m -Xmx512m");
        });

        it("needs no privileged container by default: indices are not memory-mapped", () => {
            const spec = sts.spec.template.spec;
            assert.strictEqual(spec.initContainers, undefined);
            const env = Object.fromEntries(spec.containers[0].env.map((e: any) => [e.name, e.value]));
            assert.strictEqual(env["node.store.allow_mmap"], "false");
        });

        it("is hardened: non-root, no privilege escalation, no capabilities, RuntimeDefault seccomp, no API token", () => {
            const spec = sts.spec.template.spec;
            const sc = spec.containers[0].securityContext;
            assert.strictEqual(sc.runAsNonRoot, true);
            assert.strictEqual(sc.allowPrivilegeEscalation, false);
            assert.deepStrictEqual(sc.capabilities, { drop: ["ALL"] });
            assert.deepStrictEqual(spec.securityContext.seccompProfile, { type: "RuntimeDefault" });
            assert.strictEqual(spec.automountServiceAccountToken, false);
        });

        it("claims its data volume from the cluster's default StorageClass", () => {
            const [claim] = sts.spec.volumeClaimTemplates;
            assert.strictEqual(claim.spec.resources.requests.storage, "10Gi");
            assert.ok(!("storageClassName" in claim.spec), "an absent storageClassName selects the default class");
            const mount = sts.spec.template.spec.containers[0].volumeMounts[0];
            assert.deepStrictEqual(mount, { name: claim.metadata.name, mountPath: "/usr/share/elasticsearch/data" });
        });
    });

    it("with mmap on, raises vm.max_map_count in a privileged init container as the add-on did", () => {
        const spec = (searchStoreStatefulSet(storeSettings({ mmap: true }).searchStore) as any).spec.template.spec;
        assert.strictEqual(spec.initContainers.length, 1);
        assert.deepStrictEqual(spec.initContainers[0].command, ["sysctl", "-w", "vm.max_map_count=262144"]);
        assert.strictEqual(spec.initContainers[0].securityContext.privileged, true);
        assert.ok(!spec.containers[0].env.some((e: any) => e.name === "node.store.allow_mmap"));
    });

    it("in nfs mode, creates its own PersistentVolume and binds the claim to it", async () => {
        const settings = storeSettings({ storage: { mode: "nfs", size: "50Gi", nfs: { server: "10.0.0.20", path: "/exports/es" } } });
        const resources = await build(settings);
        const pv = findOne(resources, T.pv).inputs;
        assert.strictEqual(pv.metadata.name, "elasticsearch-logging");
        assert.deepStrictEqual(pv.spec.nfs, { server: "10.0.0.20", path: "/exports/es" });
        const [claim] = findOne(resources, T.statefulSet).inputs.spec.volumeClaimTemplates;
        assert.deepStrictEqual(claim.spec.selector, { matchLabels: pv.metadata.labels });
        assert.strictEqual(claim.spec.storageClassName, "");
    });

    it("uses a named StorageClass when one is given", () => {
        const sts = searchStoreStatefulSet(storeSettings({ storage: { className: "local-path" } }).searchStore);
        assert.strictEqual((sts.spec as any).volumeClaimTemplates[0].spec.storageClassName, "local-path");
    });

    it("follows the log agent's namespace and its own name", () => {
        const s = storeSettings({ name: "es" }, { namespace: "logging", search: { host: "es.logging.svc" } }).searchStore;
        const sts = searchStoreStatefulSet(s) as any;
        assert.strictEqual(sts.metadata.namespace, "logging");
        assert.strictEqual(sts.metadata.name, "es");
    });

    describe("refuses, naming the key", () => {
        const cases: [string, Record<string, unknown>, Record<string, unknown>, string, RegExp][] = [
            ["a log agent shipping elsewhere", {}, { search: { host: "search.example.com" } }, "logs.search.host", /elasticsearch-logging/],
            ["a log agent on another port", {}, { search: { host: "elasticsearch-logging", port: 443 } }, "logs.search.port", /9200/],
            ["a log agent speaking https to it", {}, { search: { host: "elasticsearch-logging", scheme: "https" } }, "logs.search.scheme", /serves no TLS/],
            ["a heap size the JVM does not take", { heapSize: "512MB" }, {}, "searchStore.heapSize", /512m or 2g/],
            ["a name that is no DNS label", { name: "Elastic_Search" }, {}, "searchStore.name", /DNS label|lower-case/],
            ["a memory request that is no quantity", { resources: { memoryRequest: "1GB" } }, {}, "searchStore.resources.memoryRequest", /quantity/],
            ["a non-boolean switch", { enabled: "yes" }, {}, "searchStore.enabled", /true or false/],
            ["an unknown key", { replicas: 3 }, {}, "searchStore.replicas", /known keys/],
        ];
        for (const [what, store, logs, key, expected] of cases) {
            it(what, () => {
                const e = configError(store, logs);
                const p = e.problems.find((x) => x.key === `cluster-monitoring:${key}`);
                assert.ok(p, e.message);
                assert.match(p!.expected, expected);
            });
        }

        it("a log agent that logs in with a user, which the store would not check", () => {
            const e = configError({}, { search: { host: "elasticsearch-logging", user: "fluentd", allowPlaintextCredentials: true } }, { searchPassword: "pw" });
            assert.ok(e.problems.some((p) => p.key === "cluster-monitoring:logs.search.user"), e.message);
        });
    });
});
