import * as assert from "assert";
import * as path from "path";
import { renderStack, RenderedStack, KubernetesObject } from "../render";
import { exposedEndpoints, productionChecklist } from "../stack/production-checklist";

const REPO = path.join(__dirname, "..");
const EXAMPLES = path.join(REPO, "docs", "examples");

function checklistOf(r: RenderedStack, objects: readonly KubernetesObject[] = r.objects): string {
    return productionChecklist({ stack: "x", settings: r.settings, objects, images: [], secretKeys: [], generated: [] });
}

/** Issue #46: the checklist's exposed endpoints are every way in of the rendered objects (Ingress, HTTPRoute), not a list per component. */
describe("the production checklist's exposed endpoints come from the rendered Ingresses and HTTPRoutes", function () {
    let central: RenderedStack;
    let prod: RenderedStack;
    before(async () => {
        central = await renderStack(EXAMPLES, "central");
        prod = await renderStack(REPO, "prod");
    });

    it("the central example lists vmauth's Ingress: host, path, backend, and vmauth's per-edge users", () => {
        assert.match(
            central.checklist,
            /\n {4}https:\/\/metrics\.central\.example\.com\/api\/v1\/write {2}vmauth \(the long-term store's write endpoint\) \(cluster-monitoring:longTermStore\.ingress; Ingress monitoring\/long-term-store-vmauth to Service long-term-store-vmauth:8427\): vmauth's per-edge users, each writing as its cluster label: edge-eu \(password from stack acme\/cluster-monitoring\/edge-eu's output longTermStoreWriteCredential\), edge-us \(password in the secret edgeUsWritePassword\)\n/,
        );
        assert.ok(!central.checklist.includes("nothing is published through an Ingress"));
    });

    it("prod lists its Prometheus Ingress behind the auth gateway, and each of its others", () => {
        assert.match(prod.checklist, /\n {4}https:\/\/monitor\.prod\.example\.com\/ {2}Prometheus \(cluster-monitoring:metrics\.ingress; Ingress monitoring\/monitor to Service monitor-auth:8080\): auth gateway monitor-auth: oauth2-proxy/);
        const ingresses = prod.objects.filter((o) => o.kind === "Ingress").map((o: any) => `${o.metadata.namespace}/${o.metadata.name}`);
        assert.deepStrictEqual(exposedEndpoints(prod.objects, prod.settings).map((e) => e.via?.replace(/^Ingress (\S+) .*$/, "$1")).sort(), ingresses.sort());
    });

    it("an Ingress added to the objects shows up, with a warning when nothing behind it authenticates", () => {
        const added = {
            apiVersion: "networking.k8s.io/v1",
            kind: "Ingress",
            metadata: { name: "side-door", namespace: "monitoring" },
            spec: { rules: [{ host: "side.example.com", http: { paths: [{ path: "/api", pathType: "Prefix", backend: { service: { name: "long-term-store", port: { number: 8428 } } } }] } }] },
        } as unknown as KubernetesObject;
        const text = checklistOf(central, [...central.objects, added]);
        assert.match(text, /\n {4}WARNING http:\/\/side\.example\.com\/api {2}an unknown server \(no setting; Ingress monitoring\/side-door to Service long-term-store:8428\): nothing the rendered objects show authenticates it/);
        assert.doesNotMatch(checklistOf(central), /side\.example\.com/);
    });

    it("an HTTPRoute to Prometheus' own port shows up too", () => {
        const route = {
            apiVersion: "gateway.networking.k8s.io/v1",
            kind: "HTTPRoute",
            metadata: { name: "around", namespace: "monitoring" },
            spec: { hostnames: ["around.example.com"], rules: [{ matches: [{ path: { type: "PathPrefix", value: "/" } }], backendRefs: [{ name: "monitor", port: 9090 }] }] },
        } as unknown as KubernetesObject;
        const text = checklistOf(prod, [...prod.objects, route]);
        assert.match(text, /\n {4}http:\/\/around\.example\.com\/ {2}Prometheus \(no setting; HTTPRoute monitoring\/around to Service monitor:9090\): the server's own basic auth \(--web.config.file\)\n/);
    });
});

/** Issue #46 with #44: the push endpoints inside the cluster are ways in too, read from the render. */
describe("the production checklist's push endpoints come from the rendered workloads, Services and NetworkPolicies", () => {
    let otlp: RenderedStack;
    let batch: RenderedStack;
    let dev: RenderedStack;
    before(async () => {
        otlp = await renderStack(EXAMPLES, "otlp");
        batch = await renderStack(EXAMPLES, "batch-jobs");
        dev = await renderStack(REPO, "dev");
    });

    it("the OTLP example lists Prometheus' receiver: its Service, https from its probes, the two pushing namespaces, the web config's login", () => {
        const line = otlp.checklist.split("\n").find((l) => l.includes("/api/v1/otlp/v1/metrics"));
        assert.ok(line, otlp.checklist);
        assert.match(line!, /^ {4}https:\/\/\S+\.svc:9090\/api\/v1\/otlp\/v1\/metrics {2}Prometheus' OTLP receiver \(StatefulSet /);
        assert.match(line!, /from namespaces payments, shop \(NetworkPolicy\); login: the server's web config/);
        assert.ok(!line!.startsWith("    WARNING"), line);
    });

    it("the batch-jobs example lists the Pushgateway with the namespaces its policy admits", () => {
        const line = batch.checklist.split("\n").find((l) => l.includes("/metrics/job/<job>"));
        assert.ok(line, batch.checklist);
        assert.match(line!, /the Pushgateway \(Deployment /);
        assert.match(line!, /from namespaces [a-z0-9-]+(, [a-z0-9-]+)* \(NetworkPolicy\)/);
    });

    it("a stack without a receiver lists none; a receiver whose policy is removed is a warning naming any pod", () => {
        assert.match(checklistOf(dev), /Push endpoints inside the cluster:\n {4}none\n/);
        const open = otlp.objects.filter((o) => o.kind !== "NetworkPolicy");
        assert.match(checklistOf(otlp, open), /\n {4}WARNING https:\S+\/api\/v1\/otlp\/v1\/metrics .*from any pod: no NetworkPolicy limits who may push/);
    });
});
