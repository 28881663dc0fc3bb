import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { DASHBOARD_FOLDERS, FOLDER_KEYS, folderOf } from "../components/common/dashboards/folders";
import { dashboardProviderConfigMap, dashboardsConfigMaps } from "../components/grafana/config-maps";
import { dashboardProvidersFile } from "../components/grafana/dashboard-provider";
import { TEAM_FOLDER_PREFIX } from "../components/grafana/team-dashboards/names";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { grafanaModel } from "./harness/grafana-model";
import { settingsWithGrafana } from "./harness/stack-config";

/** The folders of docs/grafana.md#folders. */
describe("dashboard folders (docs/grafana.md#folders)", () => {
    const everything = settingsWithGrafana({
        metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" }, remoteWrite: [{ url: "https://m.example.com/w" }] },
        searchStore: { enabled: true },
        blackboxExporter: { enabled: true, probes: [{ name: "site", module: "http_2xx", target: "https://example.com/" }] },
        longTermStore: { enabled: true },
    });
    const all = dashboardsFor(everything, PROJECT);

    it("every platform dashboard is in one of a few folders; Home stays at the top level", () => {
        const byFolder = Object.fromEntries(FOLDER_KEYS.map((f) => [f, all.filter((d) => d.folder === f).map((d) => d.json.uid)]));
        assert.deepStrictEqual(byFolder, {
            home: ["cm-home"],
            // Within a folder, the component list's order (stack/components.ts), then each component's own.
            kubernetes: ["cm-cluster", "cm-kubelet", "cm-persistent-volumes", "cm-control-plane", "cm-coredns", "cm-etcd"],
            workloads: ["cm-network", "cm-namespace-pod", "cm-namespace-workloads", "cm-workload"],
            nodes: ["cm-node-pods", "cm-node", "cm-use-cluster", "cm-use-node"],
            monitoring: ["cm-prometheus", "cm-remote-write", "cm-alertmanager", "cm-grafana", "cm-long-term-store", "cm-probes"],
            logs: ["cm-search-store", "cm-log-agent", "cm-logs"],
        });
    });

    it("the uids, and so URLs (/d/<uid>), of before the folders are all still there: bookmarks and alert links still open them", () => {
        // The uids docs/grafana.md lists, as issue 30 found them; a folder is not part of a dashboard's URL.
        const before = ["cm-home", "cm-cluster", "cm-node", "cm-namespace-pod", "cm-prometheus", "cm-log-agent", "cm-control-plane", "cm-probes", "cm-search-store", "cm-alertmanager", "cm-kubelet", "cm-persistent-volumes", "cm-remote-write", "cm-long-term-store", "cm-logs"];
        const now = all.map((d) => d.json.uid);
        assert.deepStrictEqual(before.filter((uid) => !now.includes(uid)), []);
        // And Home's file stays where default_home_dashboard_path points.
        assert.deepStrictEqual(Object.keys(dashboardsConfigMaps(grafanaModel(everything))[0].configMap.data as object), ["home.json"]);
    });

    it("a dashboard that names no folder, such as a newly registered one, lands in Kubernetes", () => {
        assert.strictEqual(folderOf({}), "kubernetes");
        assert.strictEqual(folderOf({ folder: "nodes" }), "nodes");
        const home = dashboardsFor(settingsWithGrafana(), PROJECT)[0];
        assert.deepStrictEqual([home.json.uid, home.folder], ["cm-home", "home"]);
    });

    it("folder titles and uids are unique; a folder uid is no dashboard's uid (Grafana keeps both in one uid space) and starts with the platform's reserved cm-", () => {
        const titles = FOLDER_KEYS.map((f) => DASHBOARD_FOLDERS[f].title);
        assert.strictEqual(new Set(titles).size, titles.length);
        const uids: string[] = FOLDER_KEYS.filter((f) => f !== "home").map((f) => DASHBOARD_FOLDERS[f].uid);
        assert.strictEqual(new Set(uids).size, uids.length);
        assert.ok(uids.every((u) => u.startsWith("cm-folder-")), uids.join());
        assert.deepStrictEqual(all.filter((d) => uids.includes(d.json.uid)).map((d) => d.json.uid), []);
        assert.ok(!all.some((d) => d.json.uid.startsWith("cm-folder-")));
    });

    describe("no team folder can take a platform folder's name", () => {
        const sorter = fs.readFileSync(path.join(__dirname, "..", "components", "grafana", "team-dashboards", "sort_dashboards.py"), "utf8");

        it("the sorter names every team folder with the prefix the provider check knows, and no platform title starts with it", () => {
            assert.strictEqual(/^FOLDER_PREFIX = "(.*)"$/m.exec(sorter)?.[1], TEAM_FOLDER_PREFIX);
            assert.match(sorter, /^def folder_of\(namespace\):\n    return FOLDER_PREFIX \+ namespace$/m);
            for (const f of FOLDER_KEYS) {
                assert.ok(!DASHBOARD_FOLDERS[f].title.startsWith(TEAM_FOLDER_PREFIX), f);
            }
            // A namespace named after a platform folder gets a folder of its own.
            assert.notStrictEqual(`${TEAM_FOLDER_PREFIX}kubernetes`, DASHBOARD_FOLDERS.kubernetes.title);
        });

        it("a platform folder titled like a team's is refused when the provider file is built, naming it", () => {
            const folders = DASHBOARD_FOLDERS as unknown as Record<string, { title: string; uid: string }>;
            const saved = folders.logs;
            folders.logs = { title: `${TEAM_FOLDER_PREFIX}logging`, uid: saved.uid };
            try {
                assert.throws(() => dashboardProvidersFile(PROJECT), /platform folder logs is titled "Team logging", which a team's folder \("Team <namespace>"\) could take/);
            } finally {
                folders.logs = saved;
            }
            assert.doesNotThrow(() => dashboardProvidersFile(PROJECT));
        });

        it("with team dashboards on, platform providers keep their fixed folder uids and the team provider's folders come from its own directory", () => {
            const m = grafanaModel(settingsWithGrafana({ grafana: { teamDashboards: { namespaces: ["kubernetes", "logs"] } } }));
            const providers = parse((dashboardProviderConfigMap(m).data as Record<string, string>)["dashboards.yaml"]).providers;
            assert.deepStrictEqual(
                providers.map((p: any) => [p.name, p.folder, p.folderUid, p.options.foldersFromFilesStructure]),
                [
                    ["cluster-monitoring", "", undefined, false],
                    ["cluster-monitoring-kubernetes", "Kubernetes", "cm-folder-kubernetes", false],
                    ["cluster-monitoring-workloads", "Workloads", "cm-folder-workloads", false],
                    ["cluster-monitoring-nodes", "Nodes", "cm-folder-nodes", false],
                    ["cluster-monitoring-monitoring", "Monitoring stack", "cm-folder-monitoring-stack", false],
                    ["cluster-monitoring-logs", "Logs", "cm-folder-logs", false],
                    ["teams", "", undefined, true],
                ],
            );
            const paths = providers.map((p: any) => p.options.path);
            assert.strictEqual(new Set(paths).size, paths.length, "no two providers read one directory");
        });
    });
});
