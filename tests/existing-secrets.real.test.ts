import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { parse, stringify } from "yaml";
import { ALERTMANAGER_RECEIVER_TYPES, Settings } from "../config";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { EXISTING_SECRETS_DIR } from "../components/alertmanager/existing-secrets";
import { remoteWriteSecretMountPath } from "../components/prometheus/layout";
import { AlertmanagerProcess, amtool } from "./harness/alertmanager";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { until } from "./harness/hang";
import { promtool, sandboxConfig, tempDir } from "./harness/prometheus";
import { exampleSettings } from "./harness/example-settings";

/**
 * docs/existing-secrets.md on the real binaries, for docs/examples/Pulumi.existing-secrets.yaml:
 * the Alertmanager and Prometheus configs the program renders when the receivers' secrets and the
 * remote write password come from existing Secrets, with every path into the mounted Secret
 * resolved into a temporary directory that holds the Secret's files, as the kubelet would mount
 * them. Debian's amtool and Alertmanager 0.25 check and run the Alertmanager config: each `_file`
 * key it uses is in the receiver tables at v0.25.0 and at v0.34.0, the pinned line
 * (config/alertmanager-receivers.ts, from the source at both tags), so the rule is the same at the
 * binary's version and the pinned one. promtool 2.42 checks the Prometheus config: remote_write's
 * basic_auth password_file is read by 2.11.1 (the example's line) and 2.42 alike.
 */

const FILES: Record<string, string> = {
    alertSlackUrl: "", // the fake Slack's URL, known once it listens
    alertPagerdutyKey: "pd-routing-key-4e1b",
    alertOpsgenieKey: "og-api-key-77c0",
    centralWritePassword: "central-write-pw-2a9d",
};

/** Every string under `prefix` becomes the path of a file in `dir` that holds that stack key's value. */
function relocate(o: any, prefix: string, dir: string): void {
    for (const [k, v] of Object.entries(o)) {
        if (typeof v === "string" && v.startsWith(`${prefix}/`)) {
            const key = path.basename(v);
            assert.ok(key in FILES, `${v} is no file of the example's existing Secrets`);
            const file = path.join(dir, key);
            fs.writeFileSync(file, FILES[key]);
            o[k] = file;
        } else if (v !== null && typeof v === "object") {
            relocate(v, prefix, dir);
        }
    }
}

describe("existing Secrets on the real binaries (docs/existing-secrets.md)", function () {
    let settings: Settings;
    let slack: http.Server;
    const arrived: string[] = [];

    before(async () => {
        settings = exampleSettings("existing-secrets");
        slack = http.createServer((req, res) => {
            const chunks: Buffer[] = [];
            req.on("data", (c) => chunks.push(c));
            req.on("end", () => {
                arrived.push(`${req.url} ${Buffer.concat(chunks).toString("utf8")}`);
                res.writeHead(200).end("ok");
            });
        });
        await new Promise<void>((resolve) => slack.listen(0, "127.0.0.1", resolve));
        FILES.alertSlackUrl = `http://127.0.0.1:${(slack.address() as { port: number }).port}/services/T0/B0/existing-secret`;
    });
    after(() => new Promise<void>((resolve) => slack.close(() => resolve())));

    /** The example's alertmanager.yml with its files resolved, and with `adjust` applied. */
    function alertmanagerFile(adjust: (c: any) => void = () => undefined): { text: string; file: string } {
        const config = parse(renderAlertmanagerConfig(alertmanagerConfig(settings.alertmanager, {}, {})));
        const dir = tempDir("existing-secrets-am");
        relocate(config, EXISTING_SECRETS_DIR, dir);
        adjust(config);
        const text = stringify(config);
        const file = path.join(dir, "alertmanager.yml");
        fs.writeFileSync(file, text);
        return { text, file };
    }

    it("uses only _file keys that the tables hold at v0.25.0 and at v0.34.0", () => {
        const config = parse(renderAlertmanagerConfig(alertmanagerConfig(settings.alertmanager, {}, {})));
        const used = config.receivers.flatMap((r: any) =>
            Object.entries(r)
                .filter(([k]) => k.endsWith("_configs"))
                .flatMap(([k, list]) => (list as any[]).flatMap((c) => Object.keys(c).filter((f) => f.endsWith("_file")).map((f) => [k.replace(/_configs$/, ""), f]))),
        );
        assert.deepStrictEqual(used.map(([t, f]: string[]) => `${t}.${f}`).sort(), ["opsgenie.api_key_file", "pagerduty.routing_key_file", "slack.api_url_file"]);
        for (const [type, field] of used) {
            assert.ok(ALERTMANAGER_RECEIVER_TYPES[type].keys.includes(field) && ALERTMANAGER_RECEIVER_TYPES[type].v025!.includes(field), `${type}.${field}`);
        }
    });

    it("amtool check-config (0.25) accepts the config whose receiver secrets are files", () => {
        const out = amtool("check-config", alertmanagerFile().file);
        assert.match(out, /SUCCESS/);
    });

    it("Alertmanager 0.25 sends to the Slack URL it reads from the file, which the config itself does not hold", async () => {
        // Group at once, so the alert goes out while the test waits; the receivers are the example's.
        const { text } = alertmanagerFile((c) => Object.assign(c.route, { group_wait: "0s", group_interval: "1s" }));
        assert.ok(!text.includes(FILES.alertSlackUrl) && !text.includes(FILES.alertPagerdutyKey) && !text.includes(FILES.alertOpsgenieKey));
        const am = await AlertmanagerProcess.start(text);
        try {
            const alert = [{ labels: { alertname: "ExistingSecretProbe", severity: "warning", namespace: "apps" }, annotations: { summary: "probe" } }];
            const posted = await fetch(`http://127.0.0.1:${am.port}/api/v2/alerts`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(alert) });
            assert.strictEqual(posted.status, 200);
            await until(async () => arrived.some((a) => a.startsWith("/services/T0/B0/existing-secret ") && a.includes("ExistingSecretProbe")), "the Slack notification at the file's URL");
        } finally {
            await am.stop();
        }
    });

    it("promtool check config (2.42) accepts the Prometheus config whose remote write password is a file of the existing Secret", () => {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        assert.ok(!prometheusYml.includes(FILES.centralWritePassword));
        const dir = tempDir("existing-secrets-prometheus");
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => relocate(config.remote_write, remoteWriteSecretMountPath(settings.metrics), dir));
        assert.strictEqual(sandbox.config.remote_write[0].basic_auth.password_file, path.join(dir, "centralWritePassword"));
        assert.match(promtool("check", "config", sandbox.configFile), /SUCCESS/);
    });
});
