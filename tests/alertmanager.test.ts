import { alertmanagerServer } from "../components/alertmanager/replicas";
import * as assert from "assert";
import { parse } from "yaml";
import { alertmanagerConfig, alertmanagerConfigShape } from "../components/alertmanager/config-file";
import { alertmanagerArgs, alertmanagerStatefulSet } from "../components/alertmanager/statefulset";
import { ConfigError } from "../config";
import { podSecurityLevel } from "../validate/pod-security";
import { runProgram } from "./harness/program";
import { findOne, ofType, unwrapSecret } from "./harness/pulumi-mocks";
import { requiredConfig, settingsWith } from "./harness/stack-config";

const SECRETS = {
    alertWebhookUrl: "https://hooks.example.com/SECRET-WEBHOOK",
    alertWatchdogUrl: "https://hc-ping.example.com/SECRET-WATCHDOG",
    alertSlackUrl: "https://hooks.slack.com/services/SECRET-SLACK",
    alertSmtpPassword: "SECRET-SMTP",
    alertPagerdutyKey: "SECRET-PAGERDUTY",
};
const ALL_RECEIVERS = {
    slack: { channel: "#alerts" },
    email: { to: "oncall@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", authUsername: "am" },
    pagerduty: {},
    teams: [{ name: "payments", matchers: { team: "payments" }, slackChannel: "#payments", emailTo: "pay@example.com" }],
};

function configError(alertmanager: Record<string, unknown>, secrets: Record<string, string> = {}): ConfigError {
    try {
        settingsWith({ alertmanager }, secrets);
    } catch (e) {
        if (e instanceof ConfigError) return e;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

describe("Alertmanager (docs/alerting.md#alertmanager)", () => {
    it("is on by default, v0.34.0, beside Prometheus", () => {
        const a = alertmanagerServer(settingsWith());
        assert.deepStrictEqual([a.enabled, a.namespace, a.image], [true, "monitoring", "quay.io/prometheus/alertmanager:v0.34.0"]);
    });

    it("runs restricted, with its config from the Secret and silences on its volume", () => {
        const a = alertmanagerServer(settingsWith());
        const sts: any = alertmanagerStatefulSet(a);
        const pod = sts.spec.template.spec;
        assert.strictEqual(podSecurityLevel(pod).level, "restricted");
        assert.strictEqual(pod.automountServiceAccountToken, false);
        assert.deepStrictEqual(pod.volumes, [{ name: "config", secret: { secretName: "alertmanager-config", defaultMode: 0o440 } }]);
        assert.strictEqual(sts.spec.volumeClaimTemplates[0].spec.resources.requests.storage, "1Gi");
        assert.ok(alertmanagerArgs(a).includes("--storage.path=/alertmanager"));
        assert.ok(alertmanagerArgs(a).includes("--cluster.listen-address="), "one replica: no gossip");
    });

    it("renders no webhook without its URL, and the watchdog receiver without integrations", () => {
        const config = alertmanagerConfig(alertmanagerServer(settingsWith()), {});
        assert.deepStrictEqual(config.receivers, [{ name: "default" }, { name: "watchdog" }, { name: "nowhere" }]);
        // InfoInhibitor first, to a receiver with no integration; then the watchdog.
        assert.deepStrictEqual(config.route.routes![0].matchers, ['alertname="InfoInhibitor"']);
        assert.deepStrictEqual(config.route.routes![1].matchers, ['alertname="Watchdog"']);
    });

    it("routes teams and pages, inhibits warning under critical of the same alert and namespace", () => {
        const a = alertmanagerServer(settingsWith({ alertmanager: ALL_RECEIVERS }, SECRETS));
        const values = Object.fromEntries(Object.keys(a.secrets).map((k) => [k, `value-of-${k}`]));
        const config = alertmanagerConfig(a, values);
        assert.deepStrictEqual(config.route.routes!.map((r) => [r.receiver, r.matchers, r.continue ?? false]), [
            ["nowhere", ['alertname="InfoInhibitor"'], false],
            ["watchdog", ['alertname="Watchdog"'], false],
            ["pagerduty", ['severity=~"critical"'], true],
            ["team-payments", ['team="payments"'], false],
            ["default", undefined, false],
        ]);
        assert.deepStrictEqual(config.inhibit_rules, [
            { source_matchers: ['severity="critical"'], target_matchers: ['severity="warning"'], equal: ["alertname", "namespace", "instance", "node", "mountpoint"] },
            { source_matchers: ['alertname="InfoInhibitor"'], target_matchers: ['severity="info"'], equal: ["namespace"] },
        ]);
        const byName = Object.fromEntries(config.receivers.map((r) => [r.name, r]));
        assert.strictEqual(byName.default.webhook_configs![0].url, "value-of-webhookUrl");
        assert.strictEqual(byName.default.email_configs![0].auth_password, "value-of-smtpPassword");
        assert.strictEqual(byName["team-payments"].slack_configs![0].channel, "#payments");
        assert.strictEqual(byName.pagerduty.pagerduty_configs![0].routing_key, "value-of-pagerdutyKey");
    });

    it("digests only the config's shape: a rotated secret does not change the checksum, a route does", () => {
        const a = alertmanagerServer(settingsWith({ alertmanager: ALL_RECEIVERS }, SECRETS));
        const b = alertmanagerServer(settingsWith({ alertmanager: ALL_RECEIVERS }, { ...SECRETS, alertWebhookUrl: "https://other.example.com/x" }));
        const annotation = (s: typeof a) => (alertmanagerStatefulSet(s).spec as any).template.metadata.annotations["checksum/config"];
        assert.strictEqual(annotation(a), annotation(b));
        assert.doesNotMatch(alertmanagerConfigShape(a), /SECRET/);
        const c = alertmanagerServer(settingsWith({ alertmanager: { ...ALL_RECEIVERS, route: { repeatInterval: "1h" } } }, SECRETS));
        assert.notStrictEqual(annotation(a), annotation(c));
    });

    it("gets its discovery Role even when discoveryNamespaces leaves the metrics namespace out", () => {
        // The namespaces Prometheus' discovery Roles are made for, from the fold it is built with.
        const { discoveryNamespaces: ofFold } = require("../components/prometheus/discovery") as typeof import("../components/prometheus/discovery");
        const { foldOf } = require("../stack/fold") as typeof import("../stack/fold");
        const discoveryNamespaces = (s: ReturnType<typeof settingsWith>) => ofFold(s.metrics, foldOf(s).scrapeConfigs, foldOf(s).alertmanager);
        const m = settingsWith({ metrics: { discoveryNamespaces: ["default"], scrapeNamespaces: ["default"] }, kubeStateMetrics: { enabled: false } });
        assert.ok(discoveryNamespaces(m).includes("monitoring"));
        // The config reloader's job also discovers in the metrics namespace; without the lifecycle API there is no reloader.
        const off = settingsWith({
            metrics: { discoveryNamespaces: ["default"], scrapeNamespaces: ["default"], enableLifecycle: false },
            kubeStateMetrics: { enabled: false },
            alertmanager: { enabled: false },
        });
        assert.ok(!discoveryNamespaces(off).includes("monitoring"), "no Role where nothing discovers");
    });

    it("writes only fields of the v0.34.0 configuration reference (docs/configuration.md at v0.34.0)", () => {
        // Transcribed from the reference's <route>, <inhibit_rule>, <receiver> and integration sections.
        const known: Record<string, string[]> = {
            "": ["global", "route", "inhibit_rules", "receivers", "templates", "time_intervals"],
            route: ["receiver", "group_by", "continue", "matchers", "group_wait", "group_interval", "repeat_interval", "routes", "mute_time_intervals", "active_time_intervals"],
            inhibit_rules: ["name", "source_matchers", "target_matchers", "equal"],
            receivers: ["name", "webhook_configs", "slack_configs", "email_configs", "pagerduty_configs"],
            webhook_configs: ["url", "url_file", "send_resolved", "http_config", "max_alerts", "timeout"],
            slack_configs: ["api_url", "api_url_file", "channel", "send_resolved", "title", "text", "username"],
            email_configs: ["to", "from", "smarthost", "auth_username", "auth_password", "require_tls", "send_resolved"],
            pagerduty_configs: ["routing_key", "routing_key_file", "send_resolved", "severity"],
        };
        const a = alertmanagerServer(settingsWith({ alertmanager: ALL_RECEIVERS }, SECRETS));
        const config: any = alertmanagerConfig(a, Object.fromEntries(Object.keys(a.secrets).map((k) => [k, "x"])));
        const unknown = (obj: any, section: string) => Object.keys(obj).filter((k) => !known[section].includes(k)).map((k) => `${section}.${k}`);
        const walkRoute = (r: any): string[] => [...unknown(r, "route"), ...(r.routes ?? []).flatMap(walkRoute)];
        const problems = [
            ...unknown(config, ""),
            ...walkRoute(config.route),
            ...config.inhibit_rules.flatMap((i: any) => unknown(i, "inhibit_rules")),
            ...config.receivers.flatMap((r: any) => [
                ...unknown(r, "receivers"),
                ...["webhook_configs", "slack_configs", "email_configs", "pagerduty_configs"].flatMap((kind) => (r[kind] ?? []).flatMap((c: any) => unknown(c, kind))),
            ]),
        ];
        assert.deepStrictEqual(problems, []);
        assert.ok(config.receivers.some((r: any) => r.pagerduty_configs) && config.receivers.some((r: any) => r.email_configs), "every integration is checked");
    });

    describe("settings", () => {
        it("refuses a receiver URL in clear text, naming the key", () => {
            const config = requiredConfig();
            config.alertWebhookUrl = "https://hooks.example.com/x";
            const { plainConfigSource } = require("../config");
            const { loadStackSettings: loadSettings } = require("../stack");
            assert.throws(() => loadSettings(plainConfigSource(config)), (e: ConfigError) => e.problems.some((p) => p.key === "cluster-monitoring:alertWebhookUrl" && /encrypted/.test(p.expected)));
        });

        it("needs the Slack URL with alertmanager.slack, and refuses it without", () => {
            assert.ok(configError({ slack: { channel: "#alerts" } }).problems.some((p) => p.key === "cluster-monitoring:alertSlackUrl"));
            assert.ok(configError({}, { alertSlackUrl: "https://hooks.slack.com/x" }).problems.some((p) => p.key === "cluster-monitoring:alertSlackUrl"));
        });

        it("refuses a team channel without Slack, and an empty team match", () => {
            const e = configError({ teams: [{ name: "a", matchers: {}, slackChannel: "#a" }] });
            assert.ok(e.problems.some((p) => p.key === "cluster-monitoring:alertmanager.teams[0].slackChannel"), e.message);
            assert.ok(e.problems.some((p) => p.key === "cluster-monitoring:alertmanager.teams[0].matchers"), e.message);
        });

        it("refuses a name that another scrape job uses, since it becomes the job label of Alertmanager's metrics", () => {
            assert.ok(configError({ name: "kubelet" }).problems.some((p) => p.key === "cluster-monitoring:alertmanager.name" && /kubelet/.test(p.expected)));
            assert.ok(configError({ name: "monitor" }).problems.some((p) => p.key === "cluster-monitoring:alertmanager.name"));
        });

        it("refuses secrets while Alertmanager is off", () => {
            // Each of its secret keys (docs/configuration.md#secret-keys), not the webhook alone.
            const secrets = {
                alertWebhookUrl: "https://x.example.com/hook",
                alertWatchdogUrl: "https://x.example.com/watchdog",
                alertSlackUrl: "https://hooks.slack.example.com/x",
                alertSmtpPassword: "smtp-password-1",
                alertPagerdutyKey: "pagerduty-key-1",
                alertmanagerOidcClientSecret: "oidc-secret-1",
            };
            const refused = configError({ enabled: false }, secrets).problems.map((p) => p.key);
            assert.deepStrictEqual(Object.keys(secrets).filter((k) => !refused.includes(`cluster-monitoring:${k}`)), []);
        });

        it("refuses a secure value inside the structured key", () => {
            const { plainConfigSource } = require("../config");
            const { loadStackSettings: loadSettings } = require("../stack");
            const config = requiredConfig();
            assert.throws(
                () => loadSettings(plainConfigSource(config, { alertmanager: { slack: { channel: "#a" } } })),
                (e: ConfigError) => e.problems.some((p) => p.key === "cluster-monitoring:alertmanager" && /alertSlackUrl/.test(p.expected)),
            );
        });
    });

    describe("registered by the program, secrets never in clear", function () {
        let resources: Awaited<ReturnType<typeof runProgram>>["resources"];
        before(async () => {
            const config = requiredConfig();
            resources = (await runProgram({ ...config, alertmanager: ALL_RECEIVERS }, SECRETS)).resources;
        });

        it("puts the config into a Secret whose content is a Pulumi secret", () => {
            const secret = findOne(resources, "kubernetes:core/v1:Secret", "alertmanager-config").inputs;
            const content = parse(unwrapSecret(secret.stringData)["alertmanager.yml"]);
            assert.strictEqual(content.receivers[0].webhook_configs[0].url, SECRETS.alertWebhookUrl);
            assert.strictEqual(content.receivers[1].webhook_configs[0].url, SECRETS.alertWatchdogUrl);
        });

        it("no secret value in any other resource: ConfigMaps, arguments, annotations, outputs", () => {
            for (const r of resources) {
                if (r.type === "kubernetes:core/v1:Secret") continue;
                const text = JSON.stringify(r.inputs);
                for (const value of Object.values(SECRETS)) {
                    assert.ok(!text.includes(value), `${r.type} ${r.name} holds a secret`);
                }
            }
            assert.strictEqual(ofType(resources, "kubernetes:core/v1:ConfigMap").some((c) => JSON.stringify(c.inputs).includes("SECRET")), false);
        });

        it("the committed render of prod shows the config as [secret]", () => {
            const prod = require("fs").readFileSync(require("path").join(__dirname, "..", "manifests", "prod.yaml"), "utf8");
            assert.match(prod, /alertmanager\.yml: "\[secret\]"/);
            assert.doesNotMatch(prod, /placeholder/);
        });

        it("adds Prometheus' discovery of Alertmanager's endpoints in its namespace", () => {
            const cm = findOne(resources, "kubernetes:core/v1:ConfigMap", "monitor").inputs;
            const prom = parse(cm.data["prometheus.yml"]);
            assert.strictEqual(prom.alerting.alertmanagers[0].api_version, "v2");
            const roles = ofType(resources, "kubernetes:rbac.authorization.k8s.io/v1:Role").map((r) => `${r.inputs.metadata.namespace}/${r.inputs.metadata.name}`);
            assert.ok(roles.includes("monitoring/monitor-main"));
        });
    });
});
