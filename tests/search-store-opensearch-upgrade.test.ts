import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse } from "yaml";
import { indexTemplateEnv, indexTemplateJob } from "../components/search-store/index-template/job";
import { exporterDeployment } from "../components/search-store/exporter";
import { PUT_INDEX_TEMPLATE_SCRIPT } from "../components/search-store/index-template/put-index-template";
import { exporterRoleBody, exporterUserFields, internalUsersYaml, openSearchYaml, rolesYaml } from "../components/search-store/opensearch/settings-files";
import { openSearchStatefulSet } from "../components/search-store/opensearch/statefulset";
import { CONFIG_CHECKSUM_ANNOTATION } from "../components/common/checksum";
import { fakeHttpServer, RecordedRequest, runScript, shellcheckFindings } from "./harness/script-run";
import { settingsWith } from "./harness/stack-config";

/**
 * Issue #35: an OpenSearch store started before the exporter's user and role existed never reads
 * internal_users.yml and roles.yml again (the security plugin initialises its index from them on
 * the first start only), so the template Job puts both through the security REST API.
 *
 * The keys the security plugin's REST API accepts from a user that is not a super admin, read in
 * opensearch-project/security at tag 3.6.0.0: InternalUsersApiAction's and RolesApiAction's
 * allowedKeys (`reserved` and `hidden` are for super admins only).
 */
const SECURITY_360 = {
    internalUser: ["backend_roles", "attributes", "description", "opendistro_security_roles", "hash", "password"],
    role: ["cluster_permissions", "tenant_permissions", "index_permissions", "description"],
};

const STORE = { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } };
const LOGS = { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } };
const store = () => settingsWith({ logs: LOGS, searchStore: STORE }).searchStore;

/** 32 letters and digits, as generatedWebPasswordArgs makes them. */
const PASSWORD = "Xq7ExporterPw0rdZ9kLm3Nb5Vc8Rt2Ya";

/** An OpenSearch store that answers every request the script makes, refusing the user with `userStatus`. */
function fakeOpenSearch(userStatus = 200) {
    return fakeHttpServer((r) => {
        if (r.method === "GET" && r.url === "/_cluster/health") {
            return { status: 200, body: '{"status":"green"}' };
        }
        if (r.method === "PUT" && r.url.startsWith("/_plugins/_security/api/internalusers/")) {
            return userStatus === 200 ? { status: 200, body: '{"status":"OK"}' } : { status: userStatus, body: '{"status":"FORBIDDEN","message":"user refused"}' };
        }
        if (r.method === "PUT") {
            return { status: 200, body: '{"acknowledged":true}' };
        }
        return { status: 404 };
    });
}

/**
 * A directory for one run: the password file, and a bin directory first in PATH whose curl records
 * its arguments and environment before running the real curl; `shell` is linked there as `sh`, so
 * the script runs under it (dash, and busybox's ash as in curlimages/curl).
 */
function sandbox(shell: string, password = PASSWORD) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exporter-user-"));
    const bin = path.join(dir, "bin");
    fs.mkdirSync(bin);
    fs.symlinkSync(shell, path.join(bin, "sh"));
    const log = path.join(dir, "curl-calls.log");
    fs.writeFileSync(path.join(bin, "curl"), `#!/bin/dash\n{ printf 'argv:'; printf ' %s' "$@"; printf '\\n'; env; } >> '${log}'\nexec /usr/bin/curl "$@"\n`, { mode: 0o755 });
    const passwordFile = path.join(dir, "exporter-password");
    fs.writeFileSync(passwordFile, password); // no trailing newline, as in the Secret
    return { bin, log, passwordFile, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function run(url: string, box: ReturnType<typeof sandbox>) {
    return runScript(PUT_INDEX_TEMPLATE_SCRIPT, { ...indexTemplateEnv(store()), SEARCH_URL: url, WAIT_SECONDS: "0", EXPORTER_PASSWORD_FILE: box.passwordFile, PATH: `${box.bin}:/usr/bin:/bin` });
}

const security = (requests: RecordedRequest[]) => requests.filter((q) => q.url.startsWith("/_plugins/_security/"));

describe("an OpenSearch store deployed before the exporter's user and role (issue #35, docs/upgrading.md)", () => {
    it("opensearch.yml opens the security REST API to all_access (admin), and a changed opensearch.yml restarts the store onto it", () => {
        const s = store();
        assert.deepStrictEqual(parse(openSearchYaml(s))["plugins.security.restapi.roles_enabled"], ["all_access"]);
        const annotation = (x: typeof s) => (openSearchStatefulSet(x).spec as any).template.metadata.annotations[CONFIG_CHECKSUM_ANNOTATION];
        const withMmap = { ...s, mmap: !s.mmap };
        assert.notStrictEqual(openSearchYaml(withMmap), openSearchYaml(s));
        assert.notStrictEqual(annotation(withMmap), annotation(s));
    });

    it("the files and the Job declare the same role and user, neither reserved (the REST API refuses to change a reserved one)", () => {
        const role = parse(rolesYaml()).cluster_monitoring_exporter;
        assert.deepStrictEqual(role, exporterRoleBody());
        const user = parse(internalUsersYaml({ admin: "a", agent: "b", exporter: "$2a$10$e" }))["prometheus-exporter"];
        assert.deepStrictEqual(user, { hash: "$2a$10$e", ...exporterUserFields() });
        const env = indexTemplateEnv(store());
        assert.deepStrictEqual([JSON.parse(env.EXPORTER_ROLE_BODY), JSON.parse(env.EXPORTER_USER_FIELDS)], [exporterRoleBody(), exporterUserFields()]);
        assert.ok(!("reserved" in role) && !("reserved" in user));
    });

    it("the script stays shellcheck-clean POSIX sh", () => {
        assert.strictEqual(shellcheckFindings(PUT_INDEX_TEMPLATE_SCRIPT), "");
    });

    for (const shell of ["/usr/bin/dash", "/usr/bin/busybox"]) {
        it(`under ${path.basename(shell)}: puts the role, then the user with its role and the password read from the file, in no argument or environment; a second run sends the same`, async () => {
            const os_ = await fakeOpenSearch();
            const box = sandbox(shell);
            try {
                const first = await run(os_.url, box);
                assert.strictEqual(first.code, 0, first.stderr);
                const sent = security(os_.requests).map((q) => [q.method, q.url, q.headers["content-type"], JSON.parse(q.body)]);
                assert.deepStrictEqual(sent, [
                    [
                        "PUT",
                        "/_plugins/_security/api/roles/cluster_monitoring_exporter",
                        "application/json",
                        { description: "cluster-monitoring: read cluster health, node stats, settings and info; no index", cluster_permissions: ["cluster_monitor"], index_permissions: [] },
                    ],
                    [
                        "PUT",
                        "/_plugins/_security/api/internalusers/prometheus-exporter",
                        "application/json",
                        { password: PASSWORD, backend_roles: [], opendistro_security_roles: ["cluster_monitoring_exporter"], description: "cluster-monitoring: elasticsearch_exporter, cluster monitoring only" },
                    ],
                ]);
                assert.deepStrictEqual(Object.keys(sent[0][3]).filter((k) => !SECURITY_360.role.includes(k)), []);
                assert.deepStrictEqual(Object.keys(sent[1][3]).filter((k) => !SECURITY_360.internalUser.includes(k)), []);
                // The template's requests come first, as before: the exporter's part is an addition.
                assert.deepStrictEqual(
                    os_.requests.filter((q) => q.method === "PUT").map((q) => q.url.split("?")[0]),
                    ["/_index_template/cluster-monitoring-logs", "/logstash-*/_settings", "/_plugins/_security/api/roles/cluster_monitoring_exporter", "/_plugins/_security/api/internalusers/prometheus-exporter"],
                );
                const calls = box.calls();
                assert.strictEqual((calls.match(/^argv:/gm) ?? []).length, 5, calls);
                assert.ok(!calls.includes(PASSWORD), "the password is in a curl argument or its environment");
                assert.ok(!(first.stdout + first.stderr).includes(PASSWORD), "the password is in the output");

                const second = await run(os_.url, box);
                assert.strictEqual(second.code, 0, second.stderr);
                const all = security(os_.requests).map((q) => `${q.method} ${q.url} ${q.body}`);
                assert.deepStrictEqual(all, [...all.slice(0, 2), ...all.slice(0, 2)]);
                assert.ok(all.every((l) => l.startsWith("PUT ")), all.join("\n"));
            } finally {
                box.remove();
                await os_.close();
            }
        });
    }

    it("fails, without printing it, on a password that is not letters and digits, and sends no user", async () => {
        const os_ = await fakeOpenSearch();
        const odd = 'Pw"with,quote';
        const box = sandbox("/usr/bin/dash", odd);
        try {
            const r = await run(os_.url, box);
            assert.notStrictEqual(r.code, 0);
            assert.match(r.stderr, /exporter's password .* not letters and digits/);
            assert.ok(!(r.stdout + r.stderr).includes(odd));
            assert.ok(!os_.requests.some((q) => q.url.includes("/internalusers/")));
        } finally {
            box.remove();
            await os_.close();
        }
    });

    it("fails with the store's reason when the user is refused", async () => {
        const os_ = await fakeOpenSearch(403);
        const box = sandbox("/usr/bin/dash");
        try {
            const r = await run(os_.url, box);
            assert.notStrictEqual(r.code, 0);
            assert.match(r.stdout + r.stderr, /user refused/);
            assert.ok(!(r.stdout + r.stderr).includes(PASSWORD));
        } finally {
            box.remove();
            await os_.close();
        }
    });

    it("the Job mounts only the exporter's password key, carries its generation (never the password) and runs again when it changes; Elasticsearch OSS gets none of it", () => {
        const s = store();
        const job = indexTemplateJob(s, "generation-1") as any;
        const pod = job.spec.template.spec;
        assert.deepStrictEqual(pod.volumes.find((v: any) => v.name === "exporter-password").secret, {
            secretName: "elasticsearch-logging-credentials",
            defaultMode: 0o440,
            items: [{ key: "exporter-password", path: "exporter-password" }],
        });
        const env = Object.fromEntries(pod.containers[0].env.map((e: any) => [e.name, e.value]));
        const mount = pod.containers[0].volumeMounts.find((m: any) => m.name === "exporter-password");
        assert.strictEqual(env.EXPORTER_PASSWORD_FILE, `${mount.mountPath}/exporter-password`);
        assert.strictEqual(mount.readOnly, true);
        assert.deepStrictEqual(job.spec.template.metadata.annotations, { "cluster-monitoring/search-store-exporter-credentials": "generation-1" });
        assert.notDeepStrictEqual((indexTemplateJob(s, "generation-2") as any).spec.template, job.spec.template);
        // The exporter reads the password at start: its pod template carries the same generation, so it restarts onto a new one.
        assert.deepStrictEqual((exporterDeployment(s, "generation-1") as any).spec.template.metadata.annotations, job.spec.template.metadata.annotations);
        assert.deepStrictEqual((exporterDeployment(settingsWith({ searchStore: { enabled: true } }).searchStore, "generation-1") as any).spec.template.metadata.annotations, undefined);

        const es = indexTemplateJob(settingsWith({ searchStore: { enabled: true } }).searchStore, "generation-1") as any;
        assert.strictEqual(es.spec.template.metadata.annotations, undefined);
        assert.ok(!es.spec.template.spec.containers[0].env.some((e: any) => e.name.startsWith("EXPORTER_")));
        assert.deepStrictEqual(es.spec.template.spec.volumes.map((v: any) => v.name), ["script"]);
    });
});
