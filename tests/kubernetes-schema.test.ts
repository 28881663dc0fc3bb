import * as assert from "assert";
import { KubernetesObject } from "../render";
import { formatProblems, kubernetesSchemaProblems, ManifestProblem } from "../validate";
import { renderedObjects, STACKS, withChange } from "./harness/rendered-stacks";
import { serverHttpRoute } from "../components/auth-gateway/route";
import { settingsWith } from "./harness/stack-config";

function assertProblem(problems: ManifestProblem[], object: string, message: RegExp): void {
    assert.ok(
        problems.some((p) => p.object === object && message.test(p.message)),
        `expected a problem for ${object} matching ${message}, got:\n${formatProblems(problems) || "  (none)"}`,
    );
}

describe("rendered objects against the Kubernetes OpenAPI schema (kubernetes-models, Kubernetes 1.33)", () => {
    for (const stack of STACKS) {
        it(`every object of stack ${stack} is valid, with no unknown field`, async () => {
            const objects = await renderedObjects(stack);
            assert.ok(objects.length > 10, `stack ${stack} rendered only ${objects.length} objects`);
            const problems = kubernetesSchemaProblems(objects);
            assert.deepStrictEqual(problems, [], formatProblems(problems));
        });
    }

    describe("catches a broken object", () => {
        let objects: KubernetesObject[];
        before(async () => {
            objects = await renderedObjects("prod");
        });

        it("a misspelled field deep in a pod template (imagee)", () => {
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                o.spec.template.spec.containers[0].imagee = o.spec.template.spec.containers[0].image;
            });
            assertProblem(kubernetesSchemaProblems(broken), "StatefulSet monitoring/monitor", /'"imagee"' does not exist in type 'IContainer'/);
        });

        it("a misspelled field at the top of a spec (Service prots)", () => {
            const broken = withChange(objects, "Service", "monitor", (o) => {
                o.spec.prots = o.spec.ports;
            });
            assertProblem(kubernetesSchemaProblems(broken), "Service monitoring/monitor", /'"prots"' does not exist in type 'IServiceSpec'/);
        });

        it("a wrong type (replicas as a string)", () => {
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                o.spec.replicas = "1";
            });
            assertProblem(kubernetesSchemaProblems(broken), "StatefulSet monitoring/monitor", /spec\/replicas must be integer/);
        });

        it("a malformed quantity (400MB)", () => {
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                o.spec.template.spec.containers[0].resources.requests.memory = "400MB";
            });
            assertProblem(kubernetesSchemaProblems(broken), "StatefulSet monitoring/monitor", /memory must match format "quantity"/);
        });

        it("a missing required field (container name, StatefulSet selector)", () => {
            const noName = withChange(objects, "StatefulSet", "monitor", (o) => {
                delete o.spec.template.spec.containers[0].name;
            });
            assertProblem(kubernetesSchemaProblems(noName), "StatefulSet monitoring/monitor", /containers\/0 must have required property name/);
            const noSelector = withChange(objects, "StatefulSet", "monitor", (o) => {
                delete o.spec.selector;
            });
            assertProblem(kubernetesSchemaProblems(noSelector), "StatefulSet monitoring/monitor", /spec must have required property selector/);
        });

        it("an API version that Kubernetes removed (Ingress in extensions/v1beta1, gone in 1.22)", () => {
            const broken = withChange(objects, "Ingress", "monitor", (o) => {
                o.apiVersion = "extensions/v1beta1";
            });
            assertProblem(kubernetesSchemaProblems(broken), "Ingress monitoring/monitor", /extensions\/v1beta1 is not a GA API version/);
        });

        it("a kind that the API group does not have (networking.k8s.io/v1 Ingres)", () => {
            const broken = withChange(objects, "Ingress", "monitor", (o) => {
                o.kind = "Ingres";
            });
            assertProblem(kubernetesSchemaProblems(broken), "Ingres monitoring/monitor", /networking.k8s.io\/v1 Ingres is not in the Kubernetes API/);
        });
    });
});

/**
 * The Gateway API's kinds are CRDs, outside the Kubernetes OpenAPI schema: validate/kubernetes-models.ts
 * reads them from @kubernetes-models/gateway-api 2.0.0, generated from sigs.k8s.io/gateway-api
 * v1.5.1. The routes the program renders (components/auth-gateway/route.ts) pass it; what the
 * schema forbids is caught.
 */
describe("rendered HTTPRoutes against the Gateway API schema (@kubernetes-models/gateway-api 2.0.0, Gateway API v1.5.1)", () => {
    const s = settingsWith({
        metrics: { httpRoute: { parentRefs: [{ name: "platform-gateway", namespace: "gateway-system", sectionName: "https" }], hostname: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } } },
        networkPolicies: { gatewayNamespaces: ["gateway-system"] },
    });
    const route = (): KubernetesObject => JSON.parse(JSON.stringify(serverHttpRoute({ product: "Prometheus", name: s.metrics.name, namespace: s.metrics.namespace, port: 9090, webTls: false }, s.metrics.httpRoute!)));

    it("the program's HTTPRoute is valid, with no unknown field", () => {
        const problems = kubernetesSchemaProblems([route()]);
        assert.deepStrictEqual(problems, [], formatProblems(problems));
    });

    it("a misspelt field (backendRef), a value outside an enum (path type Prefix), a port out of range", () => {
        const misspelt = withChange([route()], "HTTPRoute", "monitor", (o) => {
            o.spec.rules[0].backendRef = o.spec.rules[0].backendRefs;
        });
        assertProblem(kubernetesSchemaProblems(misspelt), "HTTPRoute monitoring/monitor", /'"backendRef"' does not exist/);
        const prefix = withChange([route()], "HTTPRoute", "monitor", (o) => {
            o.spec.rules[0].matches[0].path.type = "Prefix";
        });
        assertProblem(kubernetesSchemaProblems(prefix), "HTTPRoute monitoring/monitor", /path\/type must be equal to one of the allowed values/);
        const port = withChange([route()], "HTTPRoute", "monitor", (o) => {
            o.spec.rules[0].backendRefs[0].port = 70000;
        });
        assertProblem(kubernetesSchemaProblems(port), "HTTPRoute monitoring/monitor", /port must be <= 65535/);
    });

    it("a beta version (gateway.networking.k8s.io/v1beta1) and a kind the group lacks (HTTPRoutes)", () => {
        const beta = withChange([route()], "HTTPRoute", "monitor", (o) => {
            o.apiVersion = "gateway.networking.k8s.io/v1beta1";
        });
        assertProblem(kubernetesSchemaProblems(beta), "HTTPRoute monitoring/monitor", /v1beta1 is not a GA API version/);
        const kind = withChange([route()], "HTTPRoute", "monitor", (o) => {
            o.kind = "HTTPRoutes";
        });
        assertProblem(kubernetesSchemaProblems(kind), "HTTPRoutes monitoring/monitor", /gateway.networking.k8s.io\/v1 HTTPRoutes is not in the Kubernetes API/);
    });
});
