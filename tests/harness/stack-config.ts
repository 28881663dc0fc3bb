import * as assert from "assert";
import { ConfigError, ConfigProblem, MetricsSettings, plainConfigSource, Settings } from "../../config";
import { PrometheusInputs } from "../../components/prometheus";
import { scrapeJobs } from "../../stack/scrape-jobs";
import { loadStackSettings as loadSettings, prometheusContributions } from "../../stack";

/** The smallest valid stack config: the required keys of docs/design.md#required-settings. */
export function requiredConfig(): Record<string, any> {
    return {
        "kubernetes:context": "kind-test",
        metrics: {
            externalUrl: "https://monitor.example.com/",
            storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/monitor" } },
        },
        logs: { search: { host: "elasticsearch-logging" } },
        // Grafana, on by default, needs the secret grafanaAdminPassword, which plain values cannot
        // hold; tests of Grafana switch it on with GRAFANA_SECRETS.
        grafana: { enabled: false },
    };
}

/** Settings from required keys plus overrides, merged one level deep under each top-level key. */
export function settingsWith(
    overrides: Record<string, Record<string, unknown>> = {},
    secrets: Record<string, string> = {},
): Settings {
    const config = requiredConfig();
    for (const [key, value] of Object.entries(overrides)) {
        config[key] = { ...(config[key] ?? {}), ...value };
    }
    return loadSettings(plainConfigSource(config, secrets));
}

/** The ConfigError that settings from required keys plus `overrides` are refused with; fails when they load. */
export function configErrorOf(overrides: Record<string, Record<string, unknown>>, secrets: Record<string, string> = {}): ConfigError {
    try {
        settingsWith(overrides, secrets);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e;
    }
    assert.fail("expected the config to be rejected");
}

/** The problems a whole stack config is refused with; fails when it loads. */
export function problemsOfConfig(config: Record<string, any>, secrets: Record<string, unknown> = {}): ConfigProblem[] {
    const problems = problemsOrNone(config, secrets);
    assert.ok(problems.length > 0, "the stack was accepted");
    return problems;
}

/** The problems a whole stack config is refused with, or none when it loads: for the cases that say a config is accepted as well as refused. */
export function problemsOrNone(config: Record<string, any>, secrets: Record<string, unknown> = {}): ConfigProblem[] {
    try {
        loadSettings(plainConfigSource(config, secrets));
    } catch (e) {
        assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
        return e.problems;
    }
    return [];
}

/** The problem at `key`, of a ConfigError or a list of problems; fails, listing them all, when there is none. */
export function problemAt(from: ConfigError | readonly ConfigProblem[], key: string): ConfigProblem {
    const problems = from instanceof ConfigError ? from.problems : from;
    const found = problems.find((p) => p.key === key);
    assert.ok(found, `no problem at ${key}; got:\n${problems.map((x) => `${x.key}: ${x.expected}`).join("\n")}`);
    return found;
}

/** The secret that an enabled Grafana needs, as `pulumi config set --secret` would hold it. */
export const GRAFANA_SECRETS = { grafanaAdminPassword: "test-admin-password-7f3a" };

/** Settings with Grafana on and its admin password given. */
export function settingsWithGrafana(overrides: Record<string, Record<string, unknown>> = {}, secrets: Record<string, string> = {}): Settings {
    return settingsWith({ ...overrides, grafana: { enabled: true, ...(overrides.grafana ?? {}) } }, { ...GRAFANA_SECRETS, ...secrets });
}

/**
 * What the composition root hands Prometheus: from a whole stack's settings, its scrape jobs and
 * rule files; from Prometheus' settings alone, their scrape jobs and no rule file beyond k8s.yml.
 */
export function prometheusInputsFor(s: Settings, withRules = true): PrometheusInputs {
    const c = prometheusContributions(s);
    return {
        scrapeJobs: c.scrapeConfigs,
        ruleFiles: withRules ? c.ruleFiles : {},
        alertmanager: c.alertmanager,
        longTermStore: c.longTermStore,
        namespaceWorkloads: c.namespaceWorkloads,
        runbookBaseUrl: c.runbookBaseUrl,
    };
}

/**
 * A PEM block that the load-time check of a secret's meaning takes (config/secret-text.ts: a base64
 * body whose DER starts as an ASN.1 SEQUENCE), with `marker` (base64 letters) in its body, to find
 * it by in what the program writes. Not a usable certificate: tests that hand one to a real
 * Prometheus use testCredentials().
 */
export function testPem(label: "CERTIFICATE" | "PRIVATE KEY", marker: string): string {
    return `-----BEGIN ${label}-----\nMIIB${marker}\n-----END ${label}-----\n`;
}

/** The three etcd client files, as pulumi config set --secret would hold them. */
export const ETCD_TEST_FILES = { etcdCaCert: testPem("CERTIFICATE", "CA"), etcdClientCert: testPem("CERTIFICATE", "CERT"), etcdClientKey: testPem("PRIVATE KEY", "KEY") };
