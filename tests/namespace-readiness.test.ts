import * as assert from "assert";
import { createdNamespaces } from "../components/namespaces";
import { runProgram } from "./harness/program";
import { requiredConfig, settingsWith } from "./harness/stack-config";

// The engine-side view of each registration, which the runtime mocks do not pass on: the
// dependencies (dependsOn, as URNs) and aliases that @pulumi/pulumi (pinned) sends in the
// RegisterResource request. Recorded by wrapping the mock monitor's handler.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as { MockMonitor: { prototype: { registerResource: Function } } };

interface Registration {
    urn: string;
    type: string;
    name: string;
    namespace?: string;
    metadataName?: string;
    dependencies: string[];
    /** Each alias as the URN the engine makes of it: the old parent's type chain, this type and name. */
    aliasUrns: string[];
}

const PREFIX = "urn:pulumi:test::cluster-monitoring::";
const NAMESPACE_TYPE = "kubernetes:core/v1:Namespace";

function aliasUrn(req: any, spec: any): string {
    const parentType = String(spec.getParenturn()).split("::")[2];
    return `${PREFIX}${parentType}$${req.getType()}::${req.getName()}`;
}

async function registrationsOf(config: Record<string, unknown>): Promise<Registration[]> {
    const seen: Registration[] = [];
    const original = MockMonitor.prototype.registerResource;
    MockMonitor.prototype.registerResource = function (this: unknown, req: any, callback: unknown) {
        const object = req.getObject()?.toJavaScript() ?? {};
        const parentType = req.getParent() ? `${String(req.getParent()).split("::")[2]}$` : "";
        seen.push({
            urn: `${PREFIX}${parentType}${req.getType()}::${req.getName()}`,
            type: req.getType(),
            name: req.getName(),
            namespace: object.metadata?.namespace,
            metadataName: object.metadata?.name,
            dependencies: req.getDependenciesList(),
            aliasUrns: req.getAliasesList().flatMap((a: any) => (a.hasSpec() ? [aliasUrn(req, a.getSpec())] : [a.getUrn()])),
        });
        return original.call(this, req, callback);
    };
    try {
        await runProgram(config);
    } finally {
        MockMonitor.prototype.registerResource = original;
    }
    return seen;
}

/** Everything a registration waits for: its dependencies, theirs, and so on. */
function waitsFor(registrations: Registration[]): (r: Registration) => Set<string> {
    const byUrn = new Map(registrations.map((r) => [r.urn, r]));
    return (r) => {
        const seen = new Set<string>();
        const next = [...r.dependencies];
        while (next.length > 0) {
            const urn = next.pop()!;
            if (!seen.has(urn)) {
                seen.add(urn);
                next.push(...(byUrn.get(urn)?.dependencies ?? []));
            }
        }
        return seen;
    };
}

function configWith(overrides: Record<string, Record<string, unknown>>): Record<string, any> {
    const config: Record<string, any> = requiredConfig();
    for (const [key, value] of Object.entries(overrides)) {
        config[key] = { ...(config[key] ?? {}), ...value };
    }
    return config;
}

/** Stacks that put components into namespaces the program creates, alone and shared. */
const SHAPES: Record<string, Record<string, Record<string, unknown>>> = {
    "the defaults: the metrics namespace": {},
    "the log agent, its search store, node-exporter and prometheus-adapter in a namespace of their own": {
        logs: { namespace: "logging" },
        searchStore: { enabled: true },
        nodeExporter: { namespace: "logging" },
        resourceMetrics: { enabled: true, namespace: "logging" },
    },
    "the log agent, its search store and node-exporter sharing the metrics namespace": {
        logs: { namespace: "monitoring" },
        searchStore: { enabled: true },
        nodeExporter: { namespace: "monitoring" },
    },
};

describe("namespaces have one owner (components/namespaces)", () => {
    for (const [shape, overrides] of Object.entries(SHAPES)) {
        it(`every object in a namespace the program creates waits for it, directly or through a dependency: ${shape}`, async () => {
            const registrations = await registrationsOf(configWith(overrides));
            const closure = waitsFor(registrations);
            const namespaceUrns = new Map(
                registrations
                    .filter((r) => r.type === NAMESPACE_TYPE)
                    .map((r) => [r.metadataName!, `${PREFIX}cluster-monitoring:cluster:Namespaces$${NAMESPACE_TYPE}::${r.name}`]),
            );
            assert.ok(namespaceUrns.size > 0, "the shape creates a namespace");
            const inCreated = registrations.filter((r) => r.namespace !== undefined && namespaceUrns.has(r.namespace));
            assert.ok(inCreated.length > 5, `objects in ${[...namespaceUrns.keys()]}: ${inCreated.length}`);
            const waitingForNothing = inCreated
                .filter((r) => !closure(r).has(namespaceUrns.get(r.namespace!)!))
                .map((r) => `${r.type} ${r.namespace}/${r.metadataName}`);
            assert.deepStrictEqual(waitingForNothing, [], "objects registered without waiting for their namespace");
        });
    }

    it("keeps each Namespace's identity from when the metrics server and log agent created it, so pulumi up moves it", async () => {
        const registrations = await registrationsOf(configWith({ logs: { namespace: "logging" } }));
        const aliases = registrations.filter((r) => r.type === NAMESPACE_TYPE).map((r) => [r.metadataName, r.aliasUrns]);
        assert.deepStrictEqual(aliases, [
            ["monitoring", [`${PREFIX}cluster-monitoring:monitoring:MetricsServer$${NAMESPACE_TYPE}::monitor-namespace`]],
            ["logging", [`${PREFIX}cluster-monitoring:logging:LogAgent$${NAMESPACE_TYPE}::log-agent-namespace`]],
        ]);
    });

    it("creates each namespace once: the metrics namespace, and the log agent's unless shared or pre-existing", () => {
        const names = (overrides: Record<string, Record<string, unknown>>) => createdNamespaces(settingsWith(overrides)).map((n) => n.name);
        assert.deepStrictEqual(names({}), ["monitoring"]);
        assert.deepStrictEqual(names({ logs: { namespace: "logging" } }), ["monitoring", "logging"]);
        assert.deepStrictEqual(names({ logs: { namespace: "monitoring" } }), ["monitoring"]);
        assert.deepStrictEqual(names({ metrics: { createNamespace: false }, logs: { namespace: "logging", createNamespace: false } }), []);
    });
});
