import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { parse } from "yaml";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { AlertmanagerSettings } from "../config";
import { AlertmanagerProcess, amtool, WebhookReceiver } from "./harness/alertmanager";
import { discoveredTarget, generatedPrometheusFiles } from "./harness/generated-config";
import { until } from "./harness/hang";
import { PrometheusProcess, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * The generated Alertmanager config on Debian's amtool and alertmanager, and the whole pipeline on
 * 127.0.0.1: real Prometheus with the generated rules, real Alertmanager with the generated
 * config, and a webhook receiver in this test. Every wait is bounded; every process is stopped.
 */
const SECRETS = {
    alertWebhookUrl: "https://hooks.example.com/x",
    alertWatchdogUrl: "https://hc-ping.example.com/x",
    alertSlackUrl: "https://hooks.slack.com/services/x",
    alertSmtpPassword: "pw",
    alertPagerdutyKey: "key",
};
const ALL_RECEIVERS = {
    slack: { channel: "#alerts" },
    email: { to: "oncall@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", authUsername: "am" },
    pagerduty: { severities: ["critical", "warning"] },
    teams: [{ name: "payments", matchers: { team: "payments" }, slackChannel: "#payments", emailTo: "pay@example.com" }],
};

/** The config as the Secret carries it, with each secret's value given here in clear. */
function configText(a: AlertmanagerSettings, values: Record<string, string>): string {
    return renderAlertmanagerConfig(alertmanagerConfig(a, values));
}

function checkConfig(text: string): string {
    const file = path.join(tempDir("amtool"), "alertmanager.yml");
    fs.writeFileSync(file, text);
    return amtool("check-config", file);
}

describe("generated alertmanager.yml on Debian's amtool", () => {
    it("amtool check-config accepts the default config, without any receiver secret", () => {
        const out = checkConfig(configText(settingsWith().alertmanager, {}));
        assert.match(out, /SUCCESS/);
        assert.match(out, /3 receivers/);
    });

    it("amtool check-config accepts every receiver type, team routes and inhibit rules", () => {
        const a = settingsWith({ alertmanager: ALL_RECEIVERS }, SECRETS).alertmanager;
        const values = { webhookUrl: SECRETS.alertWebhookUrl, watchdogUrl: SECRETS.alertWatchdogUrl, slackUrl: SECRETS.alertSlackUrl, smtpPassword: "pw", pagerdutyKey: "key" };
        const out = checkConfig(configText(a, values));
        assert.match(out, /SUCCESS/);
        assert.match(out, /2 inhibit rules/);
        assert.match(out, /5 receivers/);
    });

    it("amtool config routes test: watchdog, pages, teams and the rest go where docs/alerting.md#routing says", () => {
        const a = settingsWith({ alertmanager: ALL_RECEIVERS }, SECRETS).alertmanager;
        const values = { webhookUrl: "https://h.example.com/", watchdogUrl: "https://w.example.com/", slackUrl: "https://s.example.com/", smtpPassword: "pw", pagerdutyKey: "key" };
        const file = path.join(tempDir("amtool-routes"), "alertmanager.yml");
        fs.writeFileSync(file, configText(a, values));
        const route = (...labels: string[]) => amtool("config", "routes", "test", `--config.file=${file}`, ...labels).trim();
        assert.strictEqual(route("alertname=Watchdog", "severity=none"), "watchdog");
        assert.strictEqual(route("alertname=InfoInhibitor", "severity=none", "namespace=shop"), "nowhere");
        assert.strictEqual(route("alertname=KubeAPIDown", "severity=critical"), "pagerduty,default");
        assert.strictEqual(route("alertname=KubePodCrashLooping", "severity=warning", "team=payments"), "pagerduty,team-payments");
        assert.strictEqual(route("alertname=CPUThrottlingHigh", "severity=info", "team=payments"), "team-payments");
        assert.strictEqual(route("alertname=CPUThrottlingHigh", "severity=info"), "default");
    });

    it("a broken config fails amtool, so the check can fail", () => {
        assert.throws(() => checkConfig("route:\n  receiver: nobody\nreceivers: [{ name: default }]\n"), /nobody/);
    });
});

describe("Prometheus 2.11 knows every key of the generated alerting section", () => {
    it("uses only alertmanager_config keys of the v2.11 documentation", () => {
        const known211 = [
            "timeout", "api_version", "path_prefix", "scheme", "basic_auth", "bearer_token", "bearer_token_file", "tls_config",
            "proxy_url", "kubernetes_sd_configs", "file_sd_configs", "static_configs", "relabel_configs",
        ];
        const { alerting } = parse(generatedPrometheusFiles(settingsWith()).prometheusYml);
        for (const am of alerting.alertmanagers) {
            assert.deepStrictEqual(Object.keys(am).filter((k) => !known211.includes(k)), []);
        }
    });
});

describe("alerts reach a webhook, end to end on 127.0.0.1", function () {
    let receiver: WebhookReceiver | undefined;
    let alertmanager: AlertmanagerProcess | undefined;
    let prometheus: PrometheusProcess | undefined;
    let standIn: http.Server | undefined;
    let standInValue = 1;

    after(async () => {
        await prometheus?.stop();
        await alertmanager?.stop();
        await receiver?.stop();
        standIn?.closeAllConnections();
        await new Promise((r) => (standIn ? standIn.close(r) : r(undefined)));
    });

    it("a firing alert and the watchdog arrive with their labels, and the resolution follows", async () => {
        receiver = await WebhookReceiver.start();
        // A stand-in target: a Service of the self-monitoring job, serving one gauge.
        standIn = http.createServer((_, res) => res.writeHead(200, { "Content-Type": "text/plain" }).end(`# TYPE stand_in_queue_stuck gauge\nstand_in_queue_stuck ${standInValue}\n`));
        await new Promise<void>((resolve) => standIn!.listen(0, "127.0.0.1", resolve));
        const standInPort = (standIn.address() as any).port;

        const settings = settingsWith(
            {
                metrics: { scrapeInterval: "1s", evaluationInterval: "1s" },
                alertmanager: { route: { groupWait: "1s", groupInterval: "1s" }, watchdogRepeatInterval: "1s" },
                alertRules: {
                    groups: [
                        {
                            name: "stand-in",
                            rules: [
                                {
                                    alert: "StandInQueueStuck",
                                    expr: 'stand_in_queue_stuck{job="stand-in"} > 0',
                                    labels: { severity: "critical", team: "e2e" },
                                    annotations: { summary: "The stand-in's queue is stuck.", description: "Pod {{ $labels.pod }} reports a stuck queue." },
                                },
                            ],
                        },
                    ],
                },
            },
            { alertWebhookUrl: "https://placeholder.example.com/", alertWatchdogUrl: "https://placeholder.example.com/" },
        );
        // The generated config, with the secret values this test owns.
        alertmanager = await AlertmanagerProcess.start(
            configText(settings.alertmanager, { webhookUrl: receiver.url("/default"), watchdogUrl: receiver.url("/watchdog") }),
        );

        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        assert.ok("custom-stand-in.yml" in ruleFiles && "defaults-watchdog.yml" in ruleFiles);
        const sandbox = sandboxConfig(prometheusYml, ruleFiles);
        sandbox.setTargets("alertmanagers-0", [
            discoveredTarget(`127.0.0.1:${alertmanager.port}`, { namespace: "monitoring", service_name: "alertmanager", endpoint_port_name: "web" }),
        ]);
        sandbox.setTargets("monitor", [
            discoveredTarget(`127.0.0.1:${standInPort}`, {
                namespace: "monitoring",
                service_name: "stand-in",
                service_label_monitor: "main",
                endpoint_port_name: "web",
                endpoint_address_target_kind: "Pod",
                endpoint_address_target_name: "stand-in-0",
                pod_name: "stand-in-0",
            }),
        ]);
        // Alerts that fire before Alertmanager is discovered are sent again only after the resend
        // delay (1m by default); a short one keeps the bounded wait short.
        prometheus = await PrometheusProcess.start(sandbox.configFile, ["--rules.alert.resend-delay=1s"]);
        await prometheus.waitFor(async () => {
            const body = (await (await fetch(`${prometheus!.url}/api/v1/alertmanagers`)).json()) as any;
            return body.data.activeAlertmanagers.some((a: any) => a.url.includes(`127.0.0.1:${alertmanager!.port}/api/v2/alerts`));
        }, "Alertmanager discovered through the generated alerting section");

        const fired = await receiver.waitFor("/default", (l) => l.alertname === "StandInQueueStuck");
        assert.deepStrictEqual(fired.labels, {
            alertname: "StandInQueueStuck",
            severity: "critical",
            team: "e2e",
            job: "stand-in",
            namespace: "monitoring",
            pod: "stand-in-0",
            service: "stand-in",
            endpoint: "web",
            instance: `127.0.0.1:${standInPort}`,
            monitor: "monitoring/main",
        });
        assert.strictEqual(fired.annotations.description, "Pod stand-in-0 reports a stuck queue.");

        const watchdog = await receiver.waitFor("/watchdog", (l) => l.alertname === "Watchdog");
        assert.deepStrictEqual(watchdog.labels, { alertname: "Watchdog", severity: "none", monitor: "monitoring/main" });
        // The watchdog has its own route: it never reaches the default receiver.
        assert.ok(!receiver.calls.some((c) => c.path === "/default" && c.body.alerts.some((a) => a.labels.alertname === "Watchdog")));

        // Resolved: the stand-in recovers, and the webhook hears it (send_resolved).
        standInValue = 0;
        await receiver.waitForCall(() => receiver!.calls.some((c) => c.path === "/default" && c.body.status === "resolved"), "resolution at /default");
    });

    it("a critical alert inhibits the warning of the same alert and namespace, not of another namespace, nor of another node's filesystem", async () => {
        assert.ok(alertmanager && receiver, "runs after the end-to-end case");
        const probe = (namespace: string, severity: string) => ({ labels: { alertname: "InhibitProbe", namespace, severity }, annotations: { summary: "s", description: "d" } });
        // Node alerts carry no namespace: a full disk on node-1 must not hide a filling disk on node-2, nor another filesystem of node-1.
        const disk = (node: string, mountpoint: string, severity: string) => ({
            labels: { alertname: "InhibitDiskProbe", node, instance: node, mountpoint, severity },
            annotations: { summary: "s", description: "d" },
        });
        const response = await fetch(`http://127.0.0.1:${alertmanager.port}/api/v2/alerts`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify([probe("a", "critical"), probe("a", "warning"), probe("b", "warning"), disk("node-1", "/", "critical"), disk("node-1", "/", "warning"), disk("node-2", "/", "warning"), disk("node-1", "/var", "warning")]),
        });
        assert.ok(response.ok, `Alertmanager refused the probes: ${response.status}`);
        const isProbe = (ns: string, sev: string) => (l: Record<string, string>) => l.alertname === "InhibitProbe" && l.namespace === ns && l.severity === sev;
        const sentWarningOfA = () => receiver!.calls.some((c) => c.body.alerts.some((a) => isProbe("a", "warning")(a.labels)));
        const sentWarningFailure = () => (sentWarningOfA() ? "the warning in namespace a was sent, not inhibited" : undefined);
        await receiver.waitFor("/default", isProbe("a", "critical"));
        await receiver.waitFor("/default", isProbe("b", "warning"));
        // Alertmanager's API works out inhibition when asked, with the inhibitor its notification
        // pipeline uses, so no wait for "long enough" is needed: the warning of namespace a shows
        // as inhibited by the critical alert. Had the rule not matched, the warning would go out
        // with its group, and the wait fails as soon as it arrives.
        type ApiAlert = { labels: Record<string, string>; fingerprint: string; status: { state: string; inhibitedBy: string[] } };
        const alerts = await until(async () => {
            const list = (await (await fetch(`http://127.0.0.1:${alertmanager!.port}/api/v2/alerts`)).json()) as ApiAlert[];
            return list.some((a) => isProbe("a", "warning")(a.labels) && a.status.state === "suppressed") && list;
        }, "warning of namespace a suppressed in Alertmanager's API", sentWarningFailure);
        const of = (ns: string, sev: string) => alerts.find((a) => isProbe(ns, sev)(a.labels))!;
        assert.deepStrictEqual(of("a", "warning").status.inhibitedBy, [of("a", "critical").fingerprint]);
        assert.deepStrictEqual([of("b", "warning").status.state, of("b", "warning").status.inhibitedBy], ["active", []]);
        assert.ok(!sentWarningOfA(), "the warning in namespace a is inhibited");
        const diskOf = (node: string, mountpoint: string, sev: string) =>
            alerts.find((a) => a.labels.alertname === "InhibitDiskProbe" && a.labels.node === node && a.labels.mountpoint === mountpoint && a.labels.severity === sev)!;
        assert.deepStrictEqual(diskOf("node-1", "/", "warning").status.inhibitedBy, [diskOf("node-1", "/", "critical").fingerprint]);
        assert.deepStrictEqual([diskOf("node-2", "/", "warning").status.state, diskOf("node-1", "/var", "warning").status.state], ["active", "active"]);
    });

    it("InfoInhibitor holds back the info alerts of its namespace, not those of another, and reaches no receiver", async () => {
        assert.ok(alertmanager && receiver, "runs after the end-to-end case");
        const alert = (alertname: string, namespace: string, severity: string) => ({ labels: { alertname, namespace, severity }, annotations: { summary: "s", description: "d" } });
        const response = await fetch(`http://127.0.0.1:${alertmanager.port}/api/v2/alerts`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify([alert("InfoInhibitor", "quiet", "none"), alert("InfoProbe", "quiet", "info"), alert("InfoProbe", "busy", "info")]),
        });
        assert.ok(response.ok, `Alertmanager refused the alerts: ${response.status}`);
        const isInfo = (ns: string) => (l: Record<string, string>) => l.alertname === "InfoProbe" && l.namespace === ns;
        const sent = (test: (l: Record<string, string>) => boolean) => receiver!.calls.some((c) => c.body.alerts.some((a) => test(a.labels)));
        await receiver.waitFor("/default", isInfo("busy"));
        type ApiAlert = { labels: Record<string, string>; fingerprint: string; status: { state: string; inhibitedBy: string[] } };
        const alerts = await until(async () => {
            const list = (await (await fetch(`http://127.0.0.1:${alertmanager!.port}/api/v2/alerts`)).json()) as ApiAlert[];
            return list.some((a) => isInfo("quiet")(a.labels) && a.status.state === "suppressed") && list;
        }, "the info alert of namespace quiet suppressed in Alertmanager's API", () => (sent(isInfo("quiet")) ? "the info alert of namespace quiet was sent" : undefined));
        const inhibitor = alerts.find((a) => a.labels.alertname === "InfoInhibitor")!;
        assert.deepStrictEqual(alerts.find((a) => isInfo("quiet")(a.labels))!.status.inhibitedBy, [inhibitor.fingerprint]);
        assert.ok(!sent((l) => l.alertname === "InfoInhibitor"), "InfoInhibitor reached a receiver");
    });
});
