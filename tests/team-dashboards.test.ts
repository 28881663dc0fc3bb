import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse } from "yaml";
import { grafanaModel } from "./harness/grafana-model";
import { dashboardProviderConfigMap } from "../components/grafana/config-maps";
import { grafanaDeployment } from "../components/grafana/deployment";
import {
    SCRIPT_FILES,
    sidecarEnv,
    SIDECAR_CONTAINER_NAME,
    TEAM_DASHBOARD_PATHS,
    teamDashboardsRbac,
    teamDashboardsScriptConfigMap,
    UNUSABLE_FOLDER_ANNOTATION,
} from "../components/grafana/team-dashboards";
import { requiredFlows } from "../components/network-policies/flows";
import { monitoringWorkloads } from "../components/network-policies/workloads";
import { ConfigError } from "../config";
import { settingsWithGrafana } from "./harness/stack-config";

function problemsOf(teamDashboards: unknown): string[] {
    try {
        settingsWithGrafana({ grafana: { teamDashboards } });
    } catch (e) {
        if (e instanceof ConfigError) return e.problems.map((p) => `${p.key}: ${p.expected}`);
        throw e;
    }
    return [];
}

const G = "cluster-monitoring:grafana.teamDashboards";

describe("team dashboards: settings (docs/grafana.md#team-dashboards)", () => {
    it("are off by default: no sidecar, no second provider, no RBAC", () => {
        const m = grafanaModel(settingsWithGrafana());
        const pod = (grafanaDeployment(m).spec as any).template.spec;
        assert.deepStrictEqual(pod.containers.map((c: any) => c.name), ["grafana"]);
        // One provider per platform folder (docs/grafana.md#folders), and no team provider.
        assert.ok(!parse((dashboardProviderConfigMap(m).data as any)["dashboards.yaml"]).providers.some((p: any) => p.name === "teams"));
        assert.deepStrictEqual(teamDashboardsRbac(m), []);
    });

    it("refuses {}, an empty list, all: false alone and a list beside all: true, naming the key", () => {
        assert.deepStrictEqual(problemsOf({}), [`${G}: namespaces: [a list of namespaces], or all: true (the stack says whose ConfigMaps it takes; leave teamDashboards out to take none)`]);
        assert.deepStrictEqual(problemsOf({ namespaces: [] }), [`${G}.namespaces: a non-empty list of strings`]);
        assert.strictEqual(problemsOf({ all: false }).length, 1);
        assert.deepStrictEqual(problemsOf({ all: true, namespaces: ["shop"] }), [`${G}.namespaces: no list while all is true: all already takes every namespace`]);
        assert.match(problemsOf({ namespaces: ["shop"], image: "quay.io/kiwigrid/k8s-sidecar:2.8.0" })[0], /2\.8\.1 or newer/);
    });
});

describe("team dashboards: the sidecar's shape (kiwigrid/k8s-sidecar 2.10.1, src/)", () => {
    const m = grafanaModel(settingsWithGrafana({ grafana: { teamDashboards: { namespaces: ["shop", "payments"] } } }));
    const pod = (grafanaDeployment(m).spec as any).template.spec;
    const sidecar = pod.containers.find((c: any) => c.name === SIDECAR_CONTAINER_NAME);
    const grafana = pod.containers.find((c: any) => c.name === "grafana");

    it("gets no credentials and calls nothing: no REQ_URL, no REQ_USERNAME/PASSWORD or their files; ConfigMaps only", () => {
        const names = sidecar.env.map((e: any) => e.name);
        for (const forbidden of ["REQ_URL", "REQ_USERNAME", "REQ_PASSWORD", "REQ_USERNAME_FILE", "REQ_PASSWORD_FILE", "SKIP_TLS_VERIFY", "REQ_SKIP_TLS_VERIFY"]) {
            assert.ok(!names.includes(forbidden), forbidden);
        }
        assert.ok(!(sidecar.args ?? []).some((a: string) => a.startsWith("--req-")));
        assert.ok(sidecar.env.every((e: any) => e.valueFrom === undefined), "no Secret reaches the sidecar");
        const env = Object.fromEntries(sidecarEnv(m.grafana.teamDashboards!).map((e) => [e.name, e.value]));
        assert.strictEqual(env.RESOURCE, "configmap");
        assert.strictEqual(env.NAMESPACE, "shop,payments");
        assert.strictEqual(env.UNIQUE_FILENAMES, "true");
    });

    it("the folder annotation it always reads is renamed to a key the API server refuses (a space), so no ConfigMap can carry it", () => {
        assert.ok(/ /.test(UNUSABLE_FOLDER_ANNOTATION));
        assert.ok(!/^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/.test(UNUSABLE_FOLDER_ANNOTATION.split("/").pop()!));
    });

    it("only the sidecar mounts the token; it does not mount the platform's dashboards; Grafana reads the team directory read-only", () => {
        assert.strictEqual(pod.automountServiceAccountToken, false);
        assert.ok(sidecar.volumeMounts.some((v: any) => v.mountPath === TEAM_DASHBOARD_PATHS.serviceAccount));
        assert.ok(!grafana.volumeMounts.some((v: any) => v.mountPath === TEAM_DASHBOARD_PATHS.serviceAccount));
        assert.ok(!sidecar.volumeMounts.some((v: any) => v.name === "dashboards"));
        assert.deepStrictEqual(grafana.volumeMounts.find((v: any) => v.mountPath === TEAM_DASHBOARD_PATHS.live).readOnly, true);
        assert.strictEqual(sidecar.securityContext.readOnlyRootFilesystem, true);
        assert.strictEqual(sidecar.securityContext.runAsNonRoot, true);
    });

    it("RBAC: list and watch of ConfigMaps, a Role in exactly each listed namespace, a ClusterRole with all", () => {
        const rbac = teamDashboardsRbac(m);
        assert.deepStrictEqual(rbac.filter((r) => r.kind === "Role").map((r) => (r.object.metadata as any).namespace), ["shop", "payments"]);
        for (const r of rbac.filter((x) => x.kind === "Role")) {
            assert.deepStrictEqual(r.object.rules, [{ apiGroups: [""], resources: ["configmaps"], verbs: ["list", "watch"] }]);
        }
        const all = teamDashboardsRbac(grafanaModel(settingsWithGrafana({ grafana: { teamDashboards: { all: true } } })));
        assert.deepStrictEqual(all.map((r) => r.kind), ["ClusterRole", "ClusterRoleBinding"]);
    });

    it("the pod's only new egress is the API server", () => {
        const s = settingsWithGrafana({ grafana: { teamDashboards: { namespaces: ["shop"] } } });
        const without = settingsWithGrafana();
        const fromGrafana = (x: typeof s) => requiredFlows(x, monitoringWorkloads(x), []).filter((f) => f.from.kind === "workload" && (f.from as any).name === "grafana");
        const added = fromGrafana(s).filter((f) => !fromGrafana(without).some((g) => JSON.stringify(g) === JSON.stringify(f)));
        assert.deepStrictEqual(added.map((f) => f.to.kind), ["apiServer"]);
    });

    it("a provider of its own reads the team directory with folders from its sub-directories", () => {
        const providers = parse((dashboardProviderConfigMap(m).data as any)["dashboards.yaml"]).providers;
        assert.deepStrictEqual(providers[providers.length - 1], {
            name: "teams",
            orgId: 1,
            folder: "",
            type: "file",
            disableDeletion: false,
            allowUiUpdates: false,
            updateIntervalSeconds: 30,
            options: { path: TEAM_DASHBOARD_PATHS.live, foldersFromFilesStructure: true },
        });
    });
});

/**
 * A simulation: k8s-sidecar is Python and does not run here. The files are written as its
 * write_data_to_file does with UNIQUE_FILENAMES (helpers.py unique_filename at 2.10.1), then the
 * sorter from the script ConfigMap runs with python3, as the sidecar's SCRIPT would.
 */
describe("team dashboards: the sorter on a simulated sidecar staging directory (python3)", () => {
    const m = grafanaModel(settingsWithGrafana({ grafana: { teamDashboards: { namespaces: ["shop", "payments"] } } }));
    const data = teamDashboardsScriptConfigMap(m).data as Record<string, string>;
    let dir: string;
    const staged = (ns: string, cm: string, key: string) => path.join(dir, "staging", `namespace_${ns}.configmap_${cm}.${key}`);
    const dashboard = (uid: string, title: string) => JSON.stringify({ uid, title, panels: [] });
    const run = () =>
        execFileSync("python3", [path.join(dir, "script", SCRIPT_FILES.sorter)], {
            env: {
                ...process.env,
                TEAM_DASHBOARDS_STAGING: path.join(dir, "staging"),
                TEAM_DASHBOARDS_LIVE: path.join(dir, "live"),
                TEAM_DASHBOARDS_PLATFORM_UIDS: path.join(dir, "script", SCRIPT_FILES.platformUids),
            },
            encoding: "utf8",
            timeout: 60_000,
        });
    const live = () => {
        const out: Record<string, unknown> = {};
        for (const folder of fs.readdirSync(path.join(dir, "live"))) {
            for (const f of fs.readdirSync(path.join(dir, "live", folder))) {
                out[`${folder}/${f}`] = JSON.parse(fs.readFileSync(path.join(dir, "live", folder, f), "utf8"));
            }
        }
        return out;
    };
    const refusals = () =>
        Object.entries(live())
            .filter(([k]) => path.basename(k).startsWith("refused-"))
            .map(([k, v]) => [path.dirname(k), (v as any).title, (v as any).panels[0].options.content] as [string, string, string]);

    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "team-dashboards-"));
        for (const d of ["staging", "live", "script"]) fs.mkdirSync(path.join(dir, d));
        for (const [k, v] of Object.entries(data)) fs.writeFileSync(path.join(dir, "script", k), v);
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("puts each namespace's dashboards in its own folder, under the ConfigMap's name and key", () => {
        fs.writeFileSync(staged("shop", "orders", "orders.json"), dashboard("shop-orders", "Orders"));
        fs.writeFileSync(staged("payments", "pay", "pay.json"), dashboard("payments", "Payments"));
        assert.match(run(), /2 live, 0 refused/);
        assert.deepStrictEqual(Object.keys(live()).sort(), ["Team payments/pay.pay.json", "Team shop/orders.orders.json"]);
    });

    it("refuses visibly, in the team's folder: not JSON, not a dashboard, a platform uid, a reserved prefix, a uid or a title taken by another team", () => {
        fs.writeFileSync(staged("shop", "broken", "a.json"), "{ not json");
        fs.writeFileSync(staged("shop", "notdash", "b.json"), JSON.stringify({ hello: 1 }));
        fs.writeFileSync(staged("shop", "steal", "c.json"), dashboard("cm-home", "My home"));
        fs.writeFileSync(staged("shop", "later", "d.json"), dashboard("cm-future", "Future"));
        fs.writeFileSync(staged("payments", "first", "x.json"), dashboard("shared", "X"));
        fs.writeFileSync(staged("shop", "second", "x.json"), dashboard("shared", "Y"));
        fs.writeFileSync(staged("shop", "t1", "t.json"), dashboard("t-one", "Same"));
        fs.writeFileSync(staged("shop", "t2", "t.json"), dashboard("t-two", "Same"));
        fs.writeFileSync(staged("shop", "yaml", "dash.yaml"), "title: x");
        assert.match(run(), /2 live, 7 refused/);
        const byTitle = Object.fromEntries(refusals().map(([folder, title, text]) => [title, { folder, text }]));
        assert.match(byTitle["Refused: broken.a.json"].text, /not JSON/);
        assert.match(byTitle["Refused: notdash.b.json"].text, /not a dashboard: no title[\s\S]*no panels[\s\S]*uid: got null/);
        assert.match(byTitle["Refused: steal.c.json"].text, /uid cm-home is already used by the platform's dashboards/);
        assert.match(byTitle["Refused: later.d.json"].text, /prefix cm- is reserved for the platform's dashboards/);
        assert.match(byTitle["Refused: second.x.json"].text, /uid shared is already used by ConfigMap key payments\/first\.x\.json/);
        assert.match(byTitle["Refused: t2.t.json"].text, /title 'Same' is already used by ConfigMap key shop\/t1\.t\.json in folder Team shop/);
        assert.match(byTitle["Refused: yaml.dash.yaml"].text, /does not end in \.json/);
        assert.ok(refusals().every(([folder]) => folder === "Team shop"));
        const uids = Object.values(live()).map((d) => (d as any).uid);
        assert.strictEqual(new Set(uids).size, uids.length, "no duplicate uid reaches Grafana");
    });

    it("follows the staging directory: a fixed file replaces its refusal, a removed one leaves the folder", () => {
        fs.writeFileSync(staged("shop", "orders", "orders.json"), "{");
        run();
        assert.strictEqual(refusals().length, 1);
        fs.writeFileSync(staged("shop", "orders", "orders.json"), dashboard("shop-orders", "Orders"));
        run();
        assert.deepStrictEqual(Object.keys(live()), ["Team shop/orders.orders.json"]);
        fs.rmSync(staged("shop", "orders", "orders.json"));
        run();
        assert.deepStrictEqual(fs.readdirSync(path.join(dir, "live")), []);
    });
});
