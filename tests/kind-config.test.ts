import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, parseAllDocuments } from "yaml";
import { CONTROL_PLANE_DEFAULTS } from "../config";

/**
 * The quickstart's kind cluster config: kubeadm patches so the scheduler, the controller manager,
 * etcd's metrics and kube-proxy's metrics listen where Prometheus reaches them. kind itself is
 * not installed here; the keys are checked against kubeadm's ClusterConfiguration and
 * kube-proxy's KubeProxyConfiguration as documented (extraArgs maps, metricsBindAddress host:port).
 */
const REPO = path.resolve(__dirname, "..");
const cluster = parse(fs.readFileSync(path.join(REPO, "kind", "cluster.yaml"), "utf8"));
const patches: any[] = (cluster.kubeadmConfigPatches as string[]).flatMap((p) => parseAllDocuments(p).map((d) => d.toJS()));
const patchOf = (kind: string) => patches.find((p) => p.kind === kind);

describe("kind quickstart cluster config (kind/cluster.yaml)", () => {
    it("is a kind v1alpha4 Cluster", () => {
        assert.deepStrictEqual([cluster.kind, cluster.apiVersion], ["Cluster", "kind.x-k8s.io/v1alpha4"]);
    });

    it("binds the scheduler and the controller manager on every address, so their secure ports are reachable", () => {
        const c = patchOf("ClusterConfiguration");
        assert.strictEqual(c.scheduler.extraArgs["bind-address"], "0.0.0.0");
        assert.strictEqual(c.controllerManager.extraArgs["bind-address"], "0.0.0.0");
    });

    it("serves etcd's metrics over http on 2381 on every address", () => {
        assert.strictEqual(patchOf("ClusterConfiguration").etcd.local.extraArgs["listen-metrics-urls"], "http://0.0.0.0:2381");
    });

    it("binds kube-proxy's metrics on every address at the port the kube-proxy job scrapes", () => {
        assert.strictEqual(patchOf("KubeProxyConfiguration").metricsBindAddress, `0.0.0.0:${CONTROL_PLANE_DEFAULTS.kubeProxy.port}`);
    });

    it("patches carry no apiVersion, so kind applies them to the kubeadm config version it generates", () => {
        assert.ok(patches.every((p) => p.apiVersion === undefined));
    });

    it("scripts/kind-up.sh creates the cluster with this config", () => {
        assert.match(fs.readFileSync(path.join(REPO, "scripts", "kind-up.sh"), "utf8"), /kind create cluster --name "\$cluster" --config "\$REPO_ROOT\/kind\/cluster\.yaml"/);
    });
});
