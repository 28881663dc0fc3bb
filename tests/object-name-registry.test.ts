import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { namedBy } from "../components/common/named-object";
import { registrations, unregisteredBuilders } from "./harness/registry-builders";

const ROOT = path.resolve(__dirname, "..");
const COMPONENTS = path.join(ROOT, "components");

/**
 * Components whose objects no registry of their own builds, and why:
 * - teams/: TeamMonitoring runs in a team's own program, not in the platform's (tests/team-program.test.ts).
 * - namespaces/: it registers what createdNamespaces builds with the metrics server's and the log
 *   agent's namespace builders, which their registries call (checked below).
 */
const ELSEWHERE = ["teams", "namespaces"];

/**
 * Builders whose objects a registry lists by the names they give, without building them: each
 * renders the whole Prometheus configuration (every scrape job as YAML, about 20 ms), which the
 * check at load would render a second time. The agreement with the rendered stacks
 * (tests/name-collisions.test.ts) still covers their names.
 */
const LISTED_BY_NAME: Record<string, string[]> = { "components/prometheus/prometheus.ts": ["prometheusConfigMap", "statefulSet"] };

/** Each component source that registers Kubernetes objects, with the registry of its folder. */
function componentSources(): { fileName: string; source: string; registry: string }[] {
    return fs
        .readdirSync(COMPONENTS, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts") && !ELSEWHERE.includes(f.split(path.sep)[0]))
        .map((f) => ({ fileName: `components/${f.split(path.sep).join("/")}`, source: fs.readFileSync(path.join(COMPONENTS, f), "utf8"), registry: path.join(COMPONENTS, f.split(path.sep)[0], "object-names.ts") }))
        .filter((c) => registrations(c.fileName, c.source).length > 0);
}

const read = (file: string) => ({ fileName: path.relative(ROOT, file), source: fs.readFileSync(file, "utf8") });

describe("the object-name registry is built from the components' own builders (issue #33, class 3)", () => {
    it("each object a component registers comes from a builder its folder's object-names.ts calls, so a new or renamed object is listed by construction", () => {
        const components = componentSources();
        assert.ok(components.length >= 15, `${components.length} component sources register objects`);
        const objects = components.reduce((n, c) => n + registrations(c.fileName, c.source).length, 0);
        assert.ok(objects >= 90, `${objects} registrations found under components/`);
        const missing = components.flatMap((c) => {
            assert.ok(fs.existsSync(c.registry), `${c.fileName} registers objects, and ${path.relative(ROOT, c.registry)} does not exist`);
            return unregisteredBuilders(c, read(c.registry), LISTED_BY_NAME[c.fileName]);
        });
        // An exception outlives its reason once the component no longer uses that builder.
        for (const [file, builders] of Object.entries(LISTED_BY_NAME)) {
            const used = registrations(file, fs.readFileSync(path.join(ROOT, file), "utf8")).flatMap((r) => r.builders);
            assert.deepStrictEqual(builders.filter((b) => !used.includes(b)), [], `${file} no longer registers objects from these builders: drop them from LISTED_BY_NAME`);
        }
        assert.deepStrictEqual(missing, [], "call these builders in the component's object-names.ts (components/common/named-object.ts namedBy)");
    });

    it("the Namespaces component's objects come from builders the metrics server's and the log agent's registries call", () => {
        const created = fs.readFileSync(path.join(COMPONENTS, "namespaces", "created-namespaces.ts"), "utf8");
        const builders = [...created.matchAll(/object: (\w+)\(/g)].map((m) => m[1]);
        assert.deepStrictEqual(builders.sort(), ["logAgentNamespace", "metricsNamespace"]);
        assert.match(read(path.join(COMPONENTS, "log-agent", "object-names.ts")).source, /logAgentNamespace\(/);
        // created-namespaces.ts imports the metrics namespace builder, components/prometheus/namespace.ts' namespace(), as metricsNamespace.
        assert.match(created, /import \{ namespace as metricsNamespace \} from "\.\.\/prometheus\/namespace"/);
        assert.match(read(path.join(COMPONENTS, "prometheus", "object-names.ts")).source, /\bnamespace\(s\)/);
    });

    describe("with a test double of a component", () => {
        const registry = {
            fileName: "components/double/object-names.ts",
            source: `export function doubleObjects(d) { return namedBy(KEY, doubleServiceAccount(d), withWorkloadHatch(doubleDeployment(d), "c", d.extra), ...doubleRoles(d)); }`,
        };
        const component = (extra: string) => ({
            fileName: "components/double/double.ts",
            source: `
                class Double {
                    constructor(name, args) {
                        const d = args.settings;
                        const account = new k8s.core.v1.ServiceAccount(\`\${name}-service-account\`, doubleServiceAccount(d), opts);
                        const sts = withWorkloadHatch(doubleDeployment(d), "c", d.extra);
                        new k8s.apps.v1.Deployment(\`\${name}-deployment\`, sts, opts);
                        for (const { kind, object } of doubleRoles(d)) {
                            new k8s.rbac.v1.Role(\`\${name}-role\`, object as unknown as k8s.rbac.v1.RoleArgs, opts);
                        }
                        ${extra}
                    }
                }`,
        });

        it("passes while the registry builds every object the double registers, through a variable, a hatch and a loop", () => {
            assert.deepStrictEqual(registrations("d.ts", component("").source).map((r) => r.builders), [["doubleServiceAccount"], ["doubleDeployment"], ["doubleRoles"]]);
            assert.deepStrictEqual(unregisteredBuilders(component(""), registry), []);
        });

        it("fails when the double registers a builder's output that the registry does not build", () => {
            const withSecret = component("const secretArgs = doubleSecret(d); if (secretArgs) { new k8s.core.v1.Secret(`${name}-credentials`, secretArgs, opts); }");
            assert.deepStrictEqual(unregisteredBuilders(withSecret, registry), ["components/double/double.ts:11 Secret from doubleSecret"]);
        });

        it("fails when the double registers a list of objects that the registry does not build", () => {
            const withPolicies = component("doublePolicies(d).map((p) => new k8s.networking.v1.NetworkPolicy(`${name}-${p.metadata.name}`, p, opts));");
            assert.deepStrictEqual(unregisteredBuilders(withPolicies, registry), ["components/double/double.ts:11 NetworkPolicy from doublePolicies"]);
        });

        it("fails when it cannot tell which builder an object comes from, rather than pass it unchecked", () => {
            const literal = component("new k8s.core.v1.ConfigMap(`${name}-inline`, { metadata: { name: 'x' } }, opts);");
            assert.deepStrictEqual(unregisteredBuilders(literal, registry), ["components/double/double.ts:11 ConfigMap from no builder found"]);
        });
    });

    describe("namedBy", () => {
        it("reads kind, name and namespace from the built objects, cluster-scoped ones without a namespace", () => {
            assert.deepStrictEqual(
                namedBy(
                    "cluster-monitoring:x.name",
                    { kind: "ConfigMap", metadata: { name: "x-config", namespace: "monitoring" } },
                    { kind: "ClusterRole", metadata: { name: "x" } },
                ),
                [
                    { kind: "ConfigMap", namespace: "monitoring", name: "x-config", key: "cluster-monitoring:x.name" },
                    { kind: "ClusterRole", name: "x", key: "cluster-monitoring:x.name" },
                ],
            );
        });

        it("refuses an object whose name is not known at load, since the registry must run before any resource", () => {
            assert.throws(() => namedBy("cluster-monitoring:x.name", { kind: "Secret", metadata: { name: { apply: () => "later" } } }), /cluster-monitoring:x\.name has no plain kind, metadata\.name/);
        });
    });
});
