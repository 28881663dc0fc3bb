import { longTermStoreServer } from "../components/long-term-store/server";
import * as assert from "assert";
import { ConfigError } from "../config";
import { BACKUP_CONTAINER_NAME, BACKUP_LOOP, backupSecret } from "../components/long-term-store/backup";
import { shellcheckFindings } from "./harness/script-run";
import { longTermStoreStatefulSet } from "../components/long-term-store/statefulset";
import { requiredFlows } from "../components/network-policies/flows";
import { podSecurityLevel } from "../validate/pod-security";
import { configErrorOf, requiredConfig, settingsWith } from "./harness/stack-config";
import { runProgram } from "./harness/program";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { programObjects } from "../stack/object-names";
import { isSecretGeneration } from "./harness/secret-generations";

/**
 * docs/long-term-storage.md#backups: longTermStore.backup's validation, the vmbackup sidecar and
 * where its credentials come from. The loop itself runs on real binaries in
 * tests/long-term-store-backup.real.test.ts.
 */

const K = "cluster-monitoring:longTermStore";
const KEYS = { storeBackupKeyId: "AKIDBACKUP5e", storeBackupSecret: "backup-secret-8a" };
const BACKUP = { destination: "s3://metrics-backups/prod-eu", accessKeyIdKey: "storeBackupKeyId", secretAccessKeyKey: "storeBackupSecret" };

function problems(longTermStore: Record<string, unknown>, secrets: Record<string, string> = KEYS): Map<string, string> {
    try {
        settingsWith({ longTermStore }, secrets);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return new Map(e.problems.map((p) => [p.key, p.expected]));
    }
    assert.fail("expected the config to be rejected");
}

describe("long-term store backups (docs/long-term-storage.md#backups)", () => {
    const store = settingsWith({ longTermStore: { enabled: true, backup: BACKUP } }, KEYS);
    const pod = (longTermStoreStatefulSet(longTermStoreServer(store)).spec as any).template.spec;
    const sidecar = pod.containers.find((c: any) => c.name === BACKUP_CONTAINER_NAME);

    it("runs vmbackup in a loop beside the store, reading the data volume read-only, under the restricted standard", () => {
        assert.deepStrictEqual(sidecar.command.slice(0, 2), ["/bin/sh", "-c"]);
        assert.strictEqual(sidecar.command[3], "/vmbackup-prod");
        assert.deepStrictEqual(sidecar.args, ["-storageDataPath=/storage", "-dst=s3://metrics-backups/prod-eu", "-loggerLevel=WARN"]);
        assert.deepStrictEqual(sidecar.volumeMounts, [{ name: "data", mountPath: "/storage", readOnly: true }]);
        assert.strictEqual(podSecurityLevel(pod).level, "restricted");
        assert.ok(!pod.containers.some((c: any) => c.name === BACKUP_CONTAINER_NAME && c !== sidecar));
        // No backup key, no sidecar.
        const plain = (longTermStoreStatefulSet(longTermStoreServer(settingsWith({ longTermStore: { enabled: true } }))).spec as any).template.spec;
        assert.deepStrictEqual(plain.containers.map((c: any) => c.name), ["victoria-metrics"]);
    });

    it("loops in shellcheck-clean POSIX sh", () => {
        assert.strictEqual(sidecar.command[2], BACKUP_LOOP);
        assert.strictEqual(shellcheckFindings(BACKUP_LOOP), "");
    });

    it("takes the snapshot key and the S3 keys from Secrets by reference: no value in the pod spec, and no key in a URL or argument", () => {
        const ref = (name: string, key: string) => ({ secretKeyRef: { name, key } });
        assert.deepStrictEqual(sidecar.env, [
            { name: "SNAPSHOT_AUTH_KEY", valueFrom: ref("long-term-store-auth-keys", "snapshot-auth-key") },
            { name: "STORE_URL", value: "http://127.0.0.1:8428" },
            { name: "BACKUP_INTERVAL_SECONDS", value: "86400" },
            { name: "BACKUP_RETRY_SECONDS", value: "300" },
            { name: "AWS_ACCESS_KEY_ID", valueFrom: ref("long-term-store-backup", "access-key-id") },
            { name: "AWS_SECRET_ACCESS_KEY", valueFrom: ref("long-term-store-backup", "secret-access-key") },
        ]);
        const text = JSON.stringify(pod);
        for (const value of Object.values(KEYS)) {
            assert.ok(!text.includes(value));
        }
        assert.ok(!sidecar.command[2].includes("snapshot.createURL"), "vmbackup would log the URL with the key");
        assert.deepStrictEqual(Object.keys((backupSecret(store.longTermStore) as any).stringData), ["access-key-id", "secret-access-key"]);
    });

    it("without keys, uses the pod's cloud identity: no S3 environment and no Secret", () => {
        const s = longTermStoreServer(settingsWith({ longTermStore: { enabled: true, backup: { destination: BACKUP.destination } } }));
        const env = (longTermStoreStatefulSet(s).spec as any).template.spec.containers[1].env.map((e: any) => e.name);
        assert.deepStrictEqual(env, ["SNAPSHOT_AUTH_KEY", "STORE_URL", "BACKUP_INTERVAL_SECONDS", "BACKUP_RETRY_SECONDS"]);
        assert.strictEqual(backupSecret(s), undefined);
    });

    it("opens the store's egress to S3's port: 443, or the endpoint's", () => {
        const flows = (backup: Record<string, unknown>) =>
            requiredFlows(settingsWith({ longTermStore: { enabled: true, backup } }, KEYS), [], [])
                .filter((f) => f.why === "backups to S3")
                .map((f) => [f.from, f.to.kind, f.ports.map((p) => p.port)]);
        assert.deepStrictEqual(flows(BACKUP), [[{ kind: "workload", name: "long-term-store", namespace: "monitoring" }, "outside", [443]]]);
        assert.deepStrictEqual(flows({ ...BACKUP, endpoint: "https://minio.example.com:9000" })[0][2], [9000]);
    });

    it("registers the backup Secret, listed among the program's objects, holding the only copy of the keys; every object passes the schema and reference checks", async () => {
        const config = { ...requiredConfig(), longTermStore: { enabled: true, backup: BACKUP } };
        const { resources } = await runProgram(config, KEYS);
        const objects = kubernetesObjects(resources);
        const names = objects.map((o) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`);
        assert.ok(names.includes("Secret/monitoring/long-term-store-backup"));
        const listed = programObjects(store).map((o) => `${o.kind}/${o.namespace ?? ""}/${o.name}`);
        assert.deepStrictEqual([...new Set(listed)].sort(), [...names].sort());
        // And its generation, whose keepers are a Pulumi secret: what rolls the store onto changed keys.
        for (const r of resources.filter((x) => !(x.type === "kubernetes:core/v1:Secret" && x.inputs.metadata?.name === "long-term-store-backup") && !isSecretGeneration(x))) {
            for (const value of Object.values(KEYS)) {
                assert.ok(!JSON.stringify(r.inputs).includes(value), `${r.type} ${r.name} holds a key`);
            }
        }
        const found = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects)];
        assert.deepStrictEqual(found, [], formatProblems(found));
    });

    it("refuses, naming the key: one S3 key of two, a plain http endpoint, a bucket without a prefix, an interval under an hour, a key the stack does not hold, and a backup while the store is off", () => {
        const p = problems({ enabled: true, backup: { destination: "s3://metrics-backups", interval: "30m", endpoint: "http://minio.example.com:9000", accessKeyIdKey: "storeBackupKeyId" } });
        assert.match(p.get(`${K}.backup.destination`)!, /s3:\/\/<bucket>\/<prefix>/);
        assert.match(p.get(`${K}.backup.interval`)!, /at least 1h/);
        assert.match(p.get(`${K}.backup.secretAccessKeyKey`)!, /both accessKeyIdKey and secretAccessKeyKey, or neither/);
        const http = problems({ enabled: true, backup: { ...BACKUP, endpoint: "http://minio.example.com:9000" } });
        assert.match(http.get(`${K}.backup.endpoint`)!, /would cross the network in clear text/);
        const missing = problems({ enabled: true, backup: BACKUP }, {});
        assert.ok([...missing.keys()].some((k) => k.includes(`${K}.backup.accessKeyIdKey`)), [...missing.keys()].join("\n"));
        const off = problems({ enabled: false, backup: BACKUP });
        assert.match(off.get(`${K}.backup`)!, /nothing while .*enabled is false/);
    });

    it("refuses a store image older than v1.88.1 with backup, naming longTermStore.image: LongTermStoreBackupMissed reads the store's /snapshot/delete counter", () => {
        const old = problems({ enabled: true, image: "docker.io/victoriametrics/victoria-metrics:v1.87.0", backup: BACKUP });
        assert.deepStrictEqual([...old.keys()], [`${K}.image`]);
        assert.match(old.get(`${K}.image`)!, /1\.88\.1 or newer: LongTermStoreBackupMissed .*vm_http_requests_total\{path="\/snapshot\/delete"\}.*\(with backup set and LongTermStoreBackupMissed on; to back up an older store, add LongTermStoreBackupMissed to cluster-monitoring:alertRules.disabled\)/);
        // The same image without backup, and v1.88.1 with it, are accepted.
        settingsWith({ longTermStore: { enabled: true, image: "docker.io/victoriametrics/victoria-metrics:v1.87.0" } });
        settingsWith({ longTermStore: { enabled: true, image: "docker.io/victoriametrics/victoria-metrics:v1.88.1", backup: BACKUP } }, KEYS);
        // The loop itself runs on older stores: without the alert (disabled, or no default alerts), the older image backs up.
        const older = { enabled: true, image: "docker.io/victoriametrics/victoria-metrics:v1.87.0", backup: BACKUP };
        settingsWith({ longTermStore: older, alertRules: { disabled: ["LongTermStoreBackupMissed"] } }, KEYS);
        settingsWith({ longTermStore: older, alertRules: { defaults: false } }, KEYS);
        // Beside another problem of alertRules, the raw disabled list still counts.
        const both = configErrorOf({ longTermStore: older, alertRules: { disabled: ["LongTermStoreBackupMissed", "NoSuchAlert"] } }, KEYS);
        assert.deepStrictEqual(both.problems.map((x) => x.key), ["cluster-monitoring:alertRules.disabled[1]"]);
    });
});
