import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { webConfigYaml } from "../components/prometheus/web-config";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { PrometheusProcess, promtool, requireBinary, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { bcryptHash } from "./harness/web-client";

/**
 * metrics.otlp on Debian's real Prometheus 2.42 and its promtool. 2.42 predates both the receiver
 * (2.47) and the otlp block (2.55), so it judges what it can: the rest of each line's rendered
 * prometheus.yml, and that its web login guards the push path as every path. That it cannot judge
 * the block is shown too: its promtool refuses it. The block's keys are checked against each tag's
 * source in tests/otlp.test.ts.
 */

const WEB = { basicAuth: { username: "pusher" } };
const PASSWORD = "Pw7generatedLettersAndDigits0k";
const OTLP: Record<string, Record<string, unknown>> = {
    "2.53.5": { enabled: true, namespaces: ["shop"] },
    "2.55.1": { enabled: true, namespaces: ["shop"], promoteResourceAttributes: ["k8s.namespace.name"] },
    "3.13.3": {
        enabled: true,
        namespaces: ["shop"],
        promoteResourceAttributes: ["k8s.namespace.name"],
        keepIdentifyingResourceAttributes: true,
        translation: { strategy: "UnderscoreEscapingWithSuffixes", promoteScopeMetadata: true },
    },
};

describe("metrics.otlp against the real Prometheus 2.42", function () {
    before(() => {
        requireBinary("promtool");
        requireBinary("prometheus");
    });

    for (const [version, otlp] of Object.entries(OTLP)) {
        it(`${version}: promtool check config accepts the rendered prometheus.yml without its otlp block, and refuses the block, which 2.42 lacks`, () => {
            const settings = settingsWith({ metrics: { image: `quay.io/prometheus/prometheus:v${version}`, web: WEB, otlp } });
            const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
            const config = parse(prometheusYml);
            const block = config.otlp;
            delete config.otlp;
            const without = sandboxConfig(stringify(config), ruleFiles);
            assert.match(promtool("check", "config", without.configFile), /SUCCESS/);
            if (block === undefined) {
                assert.strictEqual(version, "2.53.5", "only 2.53 renders no block: it has none");
                return;
            }
            const withBlock = sandboxConfig(prometheusYml, ruleFiles);
            assert.throws(() => promtool("check", "config", withBlock.configFile), /field otlp not found/);
        });
    }

    it("the web login guards the push path: a POST to /api/v1/otlp/v1/metrics without the password is refused 401, with it the route is reached (404 on 2.42, which has no receiver)", async () => {
        const settings = settingsWith({ metrics: { image: "quay.io/prometheus/prometheus:v3.13.3", web: WEB, otlp: OTLP["3.13.3"] } });
        const dir = tempDir("prometheus-otlp");
        const webConfigFile = path.join(dir, "web.yml");
        fs.writeFileSync(webConfigFile, stringify(parse(webConfigYaml(settings.metrics, bcryptHash(PASSWORD)))));
        const config = parse(generatedPrometheusFiles(settings, { withRules: false }).prometheusYml);
        delete config.otlp;
        // Only the web login is under test: no scrape job, so nothing needs its in-pod files.
        config.scrape_configs = [];
        delete config.alerting;
        const sandbox = sandboxConfig(stringify(config), {});
        const basic = `Basic ${Buffer.from(`pusher:${PASSWORD}`).toString("base64")}`;
        const server = await PrometheusProcess.start(sandbox.configFile, [`--web.config.file=${webConfigFile}`], "", {
            ready: async (url) => (await fetch(`${url}/-/ready`, { headers: { authorization: basic } })).status === 200,
        });
        try {
            const push = (headers: Record<string, string>) =>
                fetch(`${server.url}/api/v1/otlp/v1/metrics`, { method: "POST", headers: { "content-type": "application/x-protobuf", ...headers }, body: new Uint8Array(0) });
            assert.strictEqual((await push({})).status, 401);
            assert.strictEqual((await push({ authorization: `Basic ${Buffer.from("pusher:wrong").toString("base64")}` })).status, 401);
            assert.strictEqual((await push({ authorization: basic })).status, 404);
        } finally {
            await server.stop();
        }
    });
});
