import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { ConfigProblem } from "../config";
import { OTLP_CONFIG_KEYS_SINCE, OTLP_TRANSLATION_STRATEGIES_SINCE, otlpReceiver } from "../prometheus-releases/otlp";
import { versionAtLeast } from "../prometheus-releases/scrape-config-keys";
import { statefulSet } from "../components/prometheus/statefulset";
import { metricsWarnings } from "../components/prometheus/warnings";
import { KubernetesObject, renderStack } from "../render";
import { snapshotStacks } from "../render/snapshot-stacks";
import { allowed, blockedNeeds, describeConnection, neededConnections, otlpPushes, OUTSIDE, podsOf, stranger, unneededAllowed } from "./harness/flow-graph";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { problemsOfConfig, requiredConfig, settingsWith } from "./harness/stack-config";
import { prometheusInputsFor } from "./harness/stack-config";

/**
 * metrics.otlp (docs/otlp.md): the schema's refusals, each beside the valid neighbour; the rendered
 * flag and `otlp` block against what each tag's source reads (tests/fixtures/prometheus-otlp-source.json,
 * transcribed from config/config.go and cmd/prometheus/main.go of github.com/prometheus/prometheus
 * at each tag); the example stack's NetworkPolicy admitting the listed namespaces' pushes and
 * nothing else, judged by the flow graph of tests/harness/flow-graph.ts.
 */

const SOURCE: { tags: Record<string, { otlpBlock: boolean; keys: string[]; translationStrategies: string[]; receiver: string | null }> } = JSON.parse(
    fs.readFileSync(path.join(__dirname, "fixtures", "prometheus-otlp-source.json"), "utf8"),
);
const EXAMPLES = path.join(__dirname, "..", "docs", "examples");
const image = (v: string) => `quay.io/prometheus/prometheus:v${v}`;
const WEB = { basicAuth: {} };
const ON = { enabled: true, namespaces: ["shop"] };

function problemsOf(metrics: Record<string, unknown>): ConfigProblem[] {
    const c = requiredConfig();
    c.metrics = { ...c.metrics, ...metrics };
    try {
        settingsWith({ metrics: c.metrics });
    } catch {
        return problemsOfConfig(c);
    }
    return [];
}

const keysOf = (problems: readonly ConfigProblem[]) => problems.map((p) => p.key);
const KEY = "cluster-monitoring:metrics.otlp";

describe("metrics.otlp: refused naming the key, beside the valid neighbour", () => {
    it("2.11 has no receiver: refused at otlp.enabled, naming 2.47.0; 2.53 takes it behind the feature flag", () => {
        const refused = problemsOf({ image: image("2.11.1"), otlp: ON, enableAdminApi: false, enableLifecycle: false });
        assert.ok(keysOf(refused).includes(`${KEY}.enabled`), keysOf(refused).join("\n"));
        assert.match(refused.find((p) => p.key === `${KEY}.enabled`)!.expected, /no OTLP receiver: it came in 2\.47\.0 behind --enable-feature=otlp-write-receiver/);
        const s = settingsWith({ metrics: { image: image("2.53.5"), web: WEB, otlp: ON } });
        assert.ok(statefulSetArgs(s).includes("--enable-feature=otlp-write-receiver"));
        assert.ok(!statefulSetArgs(s).includes("--web.enable-otlp-receiver"));
    });

    it("2.53 has no otlp block: promoteResourceAttributes refused there, naming 2.55.0; written on 2.55", () => {
        const attrs = ["k8s.namespace.name"];
        assert.deepStrictEqual(keysOf(problemsOf({ image: image("2.53.5"), web: WEB, otlp: { ...ON, promoteResourceAttributes: attrs } })), [`${KEY}.promoteResourceAttributes`]);
        const s = settingsWith({ metrics: { image: image("2.55.1"), web: WEB, otlp: { ...ON, promoteResourceAttributes: attrs } } });
        assert.deepStrictEqual(otlpBlockOf(s), { promote_resource_attributes: attrs });
    });

    const LATER: Array<{ setting: Record<string, unknown>; key: string; before: string; at: string }> = [
        { setting: { translation: { strategy: "UnderscoreEscapingWithSuffixes" } }, key: "translation.strategy", before: "2.55.1", at: "3.5.0" },
        { setting: { promoteAllResourceAttributes: true, ignoreResourceAttributes: ["process.pid"] }, key: "promoteAllResourceAttributes", before: "2.55.1", at: "3.5.0" },
        { setting: { translation: { promoteScopeMetadata: true } }, key: "translation.promoteScopeMetadata", before: "3.5.0", at: "3.6.0" },
        { setting: { translation: { strategy: "UnderscoreEscapingWithoutSuffixes" } }, key: "translation.strategy", before: "3.5.0", at: "3.6.0" },
        { setting: { translation: { labelNameUnderscoreSanitization: false } }, key: "translation.labelNameUnderscoreSanitization", before: "3.7.0", at: "3.8.0" },
    ];
    for (const { setting, key, before, at } of LATER) {
        it(`${key} ${JSON.stringify(setting)}: refused on ${before}, taken on ${at}`, () => {
            const refused = problemsOf({ image: image(before), web: WEB, otlp: { ...ON, ...setting } });
            assert.ok(keysOf(refused).includes(`${KEY}.${key}`), keysOf(refused).join("\n"));
            assert.match(refused.find((p) => p.key === `${KEY}.${key}`)!.expected, new RegExp(`Prometheus ${before.replace(/\./g, "\\.")}`));
            assert.deepStrictEqual(problemsOf({ image: image(at), web: WEB, otlp: { ...ON, ...setting } }), []);
        });
    }

    it("pushers must log in: without metrics.web.basicAuth refused at otlp.auth; public needs the admin and lifecycle APIs off", () => {
        const v = image("3.13.3");
        assert.deepStrictEqual(keysOf(problemsOf({ image: v, otlp: ON })), [`${KEY}.auth`]);
        assert.deepStrictEqual(keysOf(problemsOf({ image: v, otlp: { ...ON, auth: { server: {} } } })), [`${KEY}.auth.server`]);
        const reason = { public: { reason: "lab cluster, only the shop namespace reaches it" } };
        assert.deepStrictEqual(keysOf(problemsOf({ image: v, otlp: { ...ON, auth: reason } })), [`${KEY}.auth.public`]);
        const s = settingsWith({ metrics: { image: v, enableAdminApi: false, enableLifecycle: false, otlp: { ...ON, auth: reason } } });
        assert.match(metricsWarnings(s.metrics).join("\n"), /OTLP receiver .* without authentication: lab cluster/);
        assert.deepStrictEqual(problemsOf({ image: v, web: WEB, otlp: ON }), []);
    });

    it("a public push needs the NetworkPolicy, its only guard: refused while networkPolicies.enabled is false, taken with a login", () => {
        const metrics = { ...requiredConfig().metrics, image: image("3.13.3"), enableAdminApi: false, enableLifecycle: false };
        const reason = { public: { reason: "lab cluster, only the shop namespace reaches it" } };
        const refused = problemsOfConfig({ ...requiredConfig(), metrics: { ...metrics, otlp: { ...ON, auth: reason } }, networkPolicies: { enabled: false } });
        assert.deepStrictEqual(keysOf(refused), [`${KEY}.auth.public`]);
        assert.match(refused[0].expected, /any pod of the cluster could push/);
        assert.doesNotThrow(() => settingsWith({ metrics: { ...metrics, web: WEB, otlp: ON }, networkPolicies: { enabled: false } }));
    });

    it("two replicas: refused without replicaFanOut (a push lands on one replica), taken with it; replicaFanOut refused with one", () => {
        const two = { image: image("3.13.3"), web: WEB, replicas: 2, storage: { mode: "storageClass" } };
        const refused = problemsOf({ ...two, otlp: ON });
        assert.deepStrictEqual(keysOf(refused), [`${KEY}.replicaFanOut`]);
        assert.match(refused[0].expected, /reaches one replica only/);
        assert.deepStrictEqual(problemsOf({ ...two, otlp: { ...ON, replicaFanOut: true } }), []);
        assert.deepStrictEqual(keysOf(problemsOf({ image: image("3.13.3"), web: WEB, otlp: { ...ON, replicaFanOut: true } })), [`${KEY}.replicaFanOut`]);
    });

    it("the namespaces are required while on; any field while off is refused; the promote-all pair as Prometheus' parser has it", () => {
        const v = { image: image("3.13.3"), web: WEB };
        assert.deepStrictEqual(keysOf(problemsOf({ ...v, otlp: { enabled: true } })), [`${KEY}.namespaces`]);
        assert.deepStrictEqual(keysOf(problemsOf({ ...v, otlp: { namespaces: ["shop"] } })), [`${KEY}.namespaces`]);
        assert.deepStrictEqual(keysOf(problemsOf({ ...v, otlp: { ...ON, promoteAllResourceAttributes: true, promoteResourceAttributes: ["a"] } })), [`${KEY}.promoteResourceAttributes`]);
        assert.deepStrictEqual(keysOf(problemsOf({ ...v, otlp: { ...ON, ignoreResourceAttributes: ["a"] } })), [`${KEY}.ignoreResourceAttributes`]);
        assert.deepStrictEqual(keysOf(problemsOf({ ...v, otlp: { ...ON, translation: { strategy: "Underscores" } } })), [`${KEY}.translation.strategy`]);
    });

    it("a hatch that does half: the receiver's flag or feature in metrics.extra.args is refused, pointing at metrics.otlp; another feature is taken", () => {
        const v3 = problemsOf({ image: image("3.13.3"), extra: { args: ["--web.enable-otlp-receiver"] } });
        assert.deepStrictEqual(keysOf(v3), ["cluster-monitoring:metrics.extra.args[0]"]);
        assert.match(v3[0].expected, /from metrics\.otlp/);
        for (const arg of ["--enable-feature=otlp-write-receiver", "--enable-feature=exemplar-storage,otlp-write-receiver"]) {
            const v2 = problemsOf({ image: image("2.55.1"), extra: { args: [arg] } });
            assert.deepStrictEqual(keysOf(v2), ["cluster-monitoring:metrics.extra.args[0]"], arg);
            assert.match(v2[0].expected, /otlp-write-receiver itself from metrics\.otlp/);
        }
        assert.deepStrictEqual(problemsOf({ image: image("2.55.1"), web: WEB, otlp: ON, extra: { args: ["--enable-feature=exemplar-storage"] } }), []);
    });
});

function statefulSetArgs(s: ReturnType<typeof settingsWith>): string[] {
    const sts: any = statefulSet(s.metrics, prometheusInputsFor(s, false));
    return sts.spec.template.spec.containers.find((c: any) => c.name === s.metrics.name).args;
}

function otlpBlockOf(s: ReturnType<typeof settingsWith>): Record<string, unknown> | undefined {
    return parse(generatedPrometheusFiles(s, { withRules: false }).prometheusYml).otlp;
}

/** Every setting a version's table allows, so the rendered block holds every key the program can write there. */
function fullestOtlp(version: string, promoteAll: boolean): Record<string, unknown> {
    const at = (key: string) => versionAtLeast(version, OTLP_CONFIG_KEYS_SINCE[key]);
    const strategies = Object.entries(OTLP_TRANSLATION_STRATEGIES_SINCE).filter(([, since]) => versionAtLeast(version, since));
    const translation = {
        ...(at("translation_strategy") ? { strategy: strategies[strategies.length - 1][0] } : {}),
        ...(at("convert_histograms_to_nhcb") ? { convertHistogramsToNhcb: true } : {}),
        ...(at("promote_scope_metadata") ? { promoteScopeMetadata: true } : {}),
        ...(at("label_name_underscore_sanitization") ? { labelNameUnderscoreSanitization: false, labelNamePreserveMultipleUnderscores: false } : {}),
    };
    return {
        ...ON,
        ...(promoteAll && at("promote_all_resource_attributes") ? { promoteAllResourceAttributes: true, ignoreResourceAttributes: ["process.pid"] } : at("promote_resource_attributes") ? { promoteResourceAttributes: ["k8s.namespace.name"] } : {}),
        ...(at("keep_identifying_resource_attributes") ? { keepIdentifyingResourceAttributes: true } : {}),
        ...(Object.keys(translation).length > 0 ? { translation } : {}),
    };
}

describe("the rendered receiver flag and otlp block against each tag's source (tests/fixtures/prometheus-otlp-source.json)", () => {
    for (const [tag, source] of Object.entries(SOURCE.tags)) {
        const version = tag.slice(1);
        it(`${tag}: the flag is the one main.go defines, and every key of the block is one OTLPConfig reads there`, () => {
            // Prometheus refuses promote_all_resource_attributes beside promote_resource_attributes: the two variants write one each.
            const [s, listed] = [true, false].map((promoteAll) => settingsWith({ metrics: { image: image(version), web: WEB, otlp: fullestOtlp(version, promoteAll) } }));
            const receiverArgs = statefulSetArgs(s).filter((a) => a === "--web.enable-otlp-receiver" || a.startsWith("--enable-feature="));
            assert.deepStrictEqual(receiverArgs, [source.receiver]);
            assert.strictEqual(otlpReceiver(version)?.arg, source.receiver);
            const [block, listedBlock] = [otlpBlockOf(s), otlpBlockOf(listed)];
            if (!source.otlpBlock) {
                assert.strictEqual(block, undefined, "no otlp key where Config has none");
                return;
            }
            assert.ok(block, "the block is written");
            const written = new Set([...Object.keys(block), ...Object.keys(listedBlock ?? {})]);
            assert.deepStrictEqual([...written].filter((k) => !source.keys.includes(k)), [], `keys ${tag} lacks`);
            // The table holds every key the tag reads, so none of the tag's is left unoffered by mistake.
            assert.deepStrictEqual(source.keys.filter((k) => !written.has(k)), [], `keys of ${tag} the fullest settings did not write`);
            if (block.translation_strategy !== undefined) {
                assert.ok(source.translationStrategies.includes(String(block.translation_strategy)), `${block.translation_strategy} among ${source.translationStrategies.join(", ")}`);
            }
            for (const [strategy, since] of Object.entries(OTLP_TRANSLATION_STRATEGIES_SINCE)) {
                assert.strictEqual(source.translationStrategies.includes(strategy), versionAtLeast(version, since), `${strategy} on ${tag}`);
            }
        });
    }

    it("off, nothing: no flag, no block", () => {
        const s = settingsWith({ metrics: { image: image("3.13.3") } });
        assert.ok(!statefulSetArgs(s).some((a) => /otlp/.test(a)));
        assert.strictEqual(otlpBlockOf(s), undefined);
    });
});

describe("docs/examples/Pulumi.otlp.yaml: Prometheus admits the listed namespaces' pushes on its web port, and nothing else", () => {
    let objects: KubernetesObject[];
    let namespaces: string[];
    before(async () => {
        objects = (await renderStack(EXAMPLES, "otlp")).objects;
        namespaces = parse(fs.readFileSync(path.join(EXAMPLES, "Pulumi.otlp.yaml"), "utf8")).config["cluster-monitoring:metrics"].otlp.namespaces;
    });

    it("is a docs/examples stack whose resources the snapshot test holds", () => {
        assert.ok(snapshotStacks().includes("examples-otlp"));
    });

    it("its pushes pass, and every other connection the policies allow is one the config files need", () => {
        const pods = podsOf(objects);
        const sources = [...[...new Set([...pods.map((p) => p.namespace), "default", "kube-system"])].map(stranger), OUTSIDE];
        const pushes = otlpPushes(objects, namespaces);
        assert.strictEqual(pushes.length, namespaces.length, "the rendered Prometheus switches its receiver on");
        const needed = [...neededConnections(objects, sources), ...pushes];
        assert.deepStrictEqual(blockedNeeds(objects, needed).map(describeConnection), []);
        assert.deepStrictEqual(unneededAllowed(objects, needed, namespaces).map(describeConnection), []);
        const policies = objects.filter((o) => o.kind === "NetworkPolicy");
        const prometheus = pods.find((p) => p.name === "monitor")!;
        for (const other of ["default", "kube-system", "checkout"]) {
            assert.ok(!allowed(policies, stranger(other), prometheus, 9090, "TCP"), `a pod in ${other} may not push`);
        }
        assert.ok(!allowed(policies, OUTSIDE, prometheus, 9090, "TCP"), "nothing outside the cluster may push");
    });

    it("without the program's pusher rule the pushes are blocked: the check can fail", () => {
        const broken: KubernetesObject[] = JSON.parse(JSON.stringify(objects));
        const policy: any = broken.find((o) => o.kind === "NetworkPolicy" && o.metadata.name === "monitor");
        policy.spec.ingress = policy.spec.ingress.filter((r: any) => !(r.from ?? []).some((f: any) => namespaces.includes(f.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"]) && f.podSelector === undefined));
        const blocked = blockedNeeds(broken, otlpPushes(broken, namespaces));
        assert.deepStrictEqual(blocked.map((c) => (c.from.kind === "pod" ? c.from.namespace : c.from.name)).sort(), [...namespaces].sort());
    });

    it("the rendered config has the receiver's flag, the block, and the web port's login and TLS", () => {
        const sts: any = objects.find((o) => o.kind === "StatefulSet" && o.metadata.name === "monitor");
        const args: string[] = sts.spec.template.spec.containers.find((c: any) => c.name === "monitor").args;
        assert.ok(args.includes("--web.enable-otlp-receiver"));
        assert.ok(args.some((a) => a.startsWith("--web.config.file=")));
        const cm: any = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "monitor");
        const block = parse(cm.data["prometheus.yml"]).otlp;
        const tag = SOURCE.tags["v3.13.2"];
        assert.deepStrictEqual(Object.keys(block).filter((k) => !tag.keys.includes(k)), []);
        assert.deepStrictEqual(block.promote_resource_attributes, ["service.instance.id", "k8s.namespace.name", "k8s.pod.name"]);
    });
});
