import * as assert from "assert";
import { KubernetesObject } from "../render";
import { formatProblems, kubernetesSchemaProblems, ManifestProblem } from "../validate";
import { renderedObjects, STACKS, withChange } from "./harness/rendered-stacks";

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
