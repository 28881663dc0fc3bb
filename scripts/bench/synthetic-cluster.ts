/**
 * The synthetic cluster the benchmarks share (npm run bench:scale scrapes it, npm run
 * bench:dashboards backfills its history): `nodes` nodes, each its own `instance` and `node`, with
 * the busy node's cadvisor, kubelet and node-exporter payloads (tests/fixtures/busy/, npm run
 * fixture:busy) and kube-proxy's, plus three control-plane instances (the busy API server, the
 * scheduler and the controller manager), two CoreDNS and one kube-state-metrics describing a
 * cluster of 50 such nodes (2000 pods). Pod names and cgroup ids carry the node, so nodes do not
 * share label values.
 */
import * as fs from "fs";
import * as http from "http";
import { AddressInfo } from "net";
import { BUSY_FIXTURES, busyKsmFixture } from "../generate-busy-fixtures";
import { CONTROL_PLANE_FIXTURES } from "../generate-control-plane-fixtures";

const file = (f: string) => () => fs.readFileSync(f, "utf8");

export interface ClusterJob {
    /** The generated job's name. */
    job: string;
    /** The payload one instance serves, before forNode. */
    text: () => string;
    /** One instance per node, or a fixed count per cluster. */
    instances: "node" | number;
}

/** Each job, the payload it serves, and its instances. */
export const CLUSTER_JOBS: readonly ClusterJob[] = [
    { job: "cadvisor", text: file(BUSY_FIXTURES.cadvisor), instances: "node" },
    { job: "kubelet", text: file(BUSY_FIXTURES.kubelet), instances: "node" },
    { job: "node-exporter", text: file(BUSY_FIXTURES["node-exporter"]), instances: "node" },
    { job: "kube-proxy", text: file(CONTROL_PLANE_FIXTURES["kube-proxy"]), instances: "node" },
    { job: "apiserver", text: file(BUSY_FIXTURES.apiserver), instances: 3 },
    { job: "kube-scheduler", text: file(CONTROL_PLANE_FIXTURES["kube-scheduler"]), instances: 3 },
    { job: "kube-controller-manager", text: file(CONTROL_PLANE_FIXTURES["kube-controller-manager"]), instances: 3 },
    { job: "coredns", text: file(CONTROL_PLANE_FIXTURES.coredns), instances: 2 },
    // The busy cluster's: 50 nodes of 40 pods, whatever the node count is (scripts/generate-busy-fixtures.ts).
    { job: "kube-state-metrics", text: busyKsmFixture, instances: 1 },
];

/** A job's instances: node-001... for per-node jobs, <job>-1... otherwise. */
export function instancesOf(j: ClusterJob, nodes: number): string[] {
    return j.instances === "node"
        ? Array.from({ length: nodes }, (_, i) => `node-${String(i + 1).padStart(3, "0")}`)
        : Array.from({ length: j.instances }, (_, i) => `${j.job}-${i + 1}`);
}

/** One node's copy of a payload: its pods' names and cgroup ids carry the node, so no two nodes share them. */
export function forNode(text: string, instance: string): string {
    const n = instance.replace(/^node-/, "n");
    return text.replace(/-p(\d\d)(["/])/g, `-${n}p$1$2`).replace(/\b(pod|sandbox|ctr)b(\d+)/g, `$1${n}b$2`);
}

/** Serves every job's payload at /<job>?node=<instance>, each rendered once. */
export async function serveCluster(): Promise<{ port: number; close: () => Promise<void> }> {
    const texts = new Map(CLUSTER_JOBS.map((j) => [j.job, j.text()]));
    const bodies = new Map<string, Buffer>();
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const job = url.pathname.slice(1);
        const instance = url.searchParams.get("node") ?? "";
        const text = texts.get(job);
        if (text === undefined) {
            res.writeHead(404).end();
            return;
        }
        const key = `${job}/${instance}`;
        let body = bodies.get(key);
        if (body === undefined) {
            body = Buffer.from(forNode(text, instance));
            bodies.set(key, body);
        }
        res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4", "Content-Length": body.length }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
}
