import * as assert from "assert";
import { ConfigError, plainConfigSource, StorageSettings } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { requiredConfig } from "./harness/stack-config";

function configErrorFor(config: Record<string, unknown>): ConfigError {
    try {
        loadSettings(plainConfigSource(config));
    } catch (e) {
        if (e instanceof ConfigError) {
            return e;
        }
        throw e;
    }
    assert.fail("expected a ConfigError");
}

function problemFor(error: ConfigError, key: string) {
    const p = error.problems.find((x) => x.key === key);
    assert.ok(p, `no problem for ${key} in:\n${error.message}`);
    return p!;
}

/** The required config with `storage` as the metrics storage, and the search store switched on with its own. */
function withStorage(metrics: unknown, searchStore?: unknown): Record<string, any> {
    const config = requiredConfig();
    config.metrics = { ...config.metrics, storage: metrics };
    if (searchStore !== undefined) {
        config.searchStore = { enabled: true, storage: searchStore };
    }
    return config;
}

function metricsStorage(storage: unknown): StorageSettings {
    return loadSettings(plainConfigSource(withStorage(storage))).metrics.storage;
}

describe("storage settings (metrics.storage, searchStore.storage)", () => {
    it("asks the cluster's default StorageClass for the spec's 1Ti when storage is not set", () => {
        assert.deepStrictEqual(metricsStorage(undefined), { mode: "storageClass", size: "1Ti" });
    });

    it("takes a named StorageClass and a size", () => {
        assert.deepStrictEqual(metricsStorage({ mode: "storageClass", className: "fast-ssd", size: "50Gi" }), {
            mode: "storageClass",
            className: "fast-ssd",
            size: "50Gi",
        });
    });

    it("takes the spec's NFS export in nfs mode", () => {
        assert.deepStrictEqual(metricsStorage({ mode: "nfs", nfs: { server: "nfs.example.com", path: "/exports/m" } }), {
            mode: "nfs",
            size: "1Ti",
            nfs: { server: "nfs.example.com", path: "/exports/m" },
        });
    });

    const bad: [string, unknown, string, RegExp][] = [
        ["an unknown mode", { mode: "hostPath" }, "metrics.storage.mode", /one of storageClass, nfs/],
        ["nfs mode without the export", { mode: "nfs" }, "metrics.storage.nfs", /required when the storage mode is nfs/],
        ["nfs mode without a server", { mode: "nfs", nfs: { path: "/x" } }, "metrics.storage.nfs.server", /required/],
        ["nfs mode without a path", { mode: "nfs", nfs: { server: "10.0.0.10" } }, "metrics.storage.nfs.path", /required/],
        ["a relative NFS path", { mode: "nfs", nfs: { server: "10.0.0.10", path: "exports" } }, "metrics.storage.nfs.path", /absolute path/],
        ["an unknown key under nfs", { mode: "nfs", nfs: { server: "10.0.0.10", path: "/x", readonly: true } }, "metrics.storage.nfs.readonly", /known keys/],
        ["an NFS export in storageClass mode", { nfs: { server: "10.0.0.10", path: "/x" } }, "metrics.storage.nfs", /unless .*mode is nfs/],
        ["a StorageClass in nfs mode", { mode: "nfs", className: "standard", nfs: { server: "10.0.0.10", path: "/x" } }, "metrics.storage.className", /bound by label/],
        ["a StorageClass name that is no DNS subdomain", { className: "Fast_SSD" }, "metrics.storage.className", /DNS subdomain|lower-case/],
        ["a size that is no quantity", { size: "1TB" }, "metrics.storage.size", /Kubernetes quantity/],
        ["storage that is no object", "nfs", "metrics.storage", /an object/],
        ["an unknown storage key", { mode: "storageClass", clas: "x" }, "metrics.storage.clas", /known keys/],
    ];
    for (const [what, storage, key, expected] of bad) {
        it(`refuses ${what}, naming the key`, () => {
            const p = problemFor(configErrorFor(withStorage(storage)), `cluster-monitoring:${key}`);
            assert.match(p.expected, expected);
        });
    }

    it("refuses the old top-level metrics.nfs and metrics.storageSize keys", () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, nfs: { server: "10.0.0.10", path: "/x" }, storageSize: "1Ti" };
        const e = configErrorFor(config);
        problemFor(e, "cluster-monitoring:metrics.nfs");
        problemFor(e, "cluster-monitoring:metrics.storageSize");
    });

    it("reads the search store's storage with the same rules, under its own key", () => {
        const e = configErrorFor(withStorage(undefined, { mode: "nfs", nfs: { server: "10.0.0.10" } }));
        problemFor(e, "cluster-monitoring:searchStore.storage.nfs.path");
        assert.ok(!e.problems.some((p) => p.key.startsWith("cluster-monitoring:metrics")), e.message);
    });
});
