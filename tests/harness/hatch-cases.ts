import * as assert from "assert";
import { ConfigError, ConfigProblem, plainConfigSource, Settings } from "../../config";
import { loadStackSettings } from "../../stack";
import { GRAFANA_SECRETS, requiredConfig } from "./stack-config";

/**
 * The cases of tests/hatch-classes.test.ts and tests/hatch-classes.real.test.ts.
 *
 * Issue #41, classes 1, 2, 5, 6, 7 and 8 in the escape hatches (docs/escape-hatches.md#what-is-checked):
 * per class a table of cases, each refused at the key the stack wrote, and its valid neighbour
 * accepted. Class 1 rules come from the pinned sources (named in config/relabel-actions.ts,
 * config/scrape-hatch-checks.ts, config/alertmanager-time-intervals.ts,
 * config/alertmanager-receiver-values.ts); the cases whose rule is the same at Debian's binaries
 * are also run on them in tests/hatch-classes.real.test.ts.
 */

const M = "cluster-monitoring:metrics";
const A = "cluster-monitoring:alertmanager";
const G = "cluster-monitoring:grafana";
export type Config = Record<string, any>;

const SECRETS = { ...GRAFANA_SECRETS, dbHook: "https://hooks.example.com/db", dbPassword: "pw-8c1e", opsgenieKey: "og-1", oidcSecret: "oidc-2", lokiPassword: "loki-3", webexToken: "wx-4" };

/** A valid stack with one of each hatch: a scrape job, a receiver with its route and time interval, Grafana on. */
export function hatchStack(): Config {
    const c = requiredConfig();
    c.grafana = { enabled: true };
    c.metrics.scrapeInterval = "15s";
    c.metrics.extraScrapeConfigs = [{ job_name: "app", static_configs: [{ targets: ["10.0.0.5:9100"] }] }];
    c.alertmanager = {
        receivers: [{ name: "db", webhook_configs: [{ url_secret: "dbHook" }] }],
        routes: [{ receiver: "db", matchers: ["team=db"], mute_time_intervals: ["night"] }],
        timeIntervals: [{ name: "night", time_intervals: [{ times: [{ start_time: "00:00", end_time: "06:00" }] }] }],
    };
    return c;
}

/** The secret stack keys of the pool that the stack names somewhere: one it does not name is an unknown key. */
export function secretsFor(c: Config): Record<string, string> {
    const named = new Set<string>();
    const walk = (v: unknown) => (typeof v === "string" ? named.add(v) : typeof v === "object" && v !== null ? Object.values(v).forEach(walk) : undefined);
    walk(c);
    return Object.fromEntries(Object.entries(SECRETS).filter(([k]) => k in GRAFANA_SECRETS || named.has(k)));
}

export function problemsOf(edit: (c: Config) => void): ConfigProblem[] {
    const c = hatchStack();
    edit(c);
    try {
        loadStackSettings(plainConfigSource(c, secretsFor(c)));
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    return [];
}

const job = (c: Config) => c.metrics.extraScrapeConfigs[0];
const ti = (c: Config) => c.alertmanager.timeIntervals[0].time_intervals[0];
const relabel = (rule: object) => (c: Config) => (job(c).relabel_configs = [rule]);
const receiver = (r: object) => (c: Config) => {
    c.alertmanager.receivers[0] = { name: "db", ...r };
};
const keycloak = (extra: object) => (c: Config) => (c.grafana.sso = { provider: "keycloak", issuerUrl: "https://login.example.com/realms/ops", clientId: "grafana", clientSecretKey: "oidcSecret", ...extra });
const loki = (extra: object) => (c: Config) => (c.grafana.dataSources = [{ name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100", ...extra }]);

export interface HatchCase {
    what: string;
    bad: (c: Config) => void;
    key: string;
    expected: RegExp;
    neighbour: (c: Config) => void;
}

const JOB = `${M}.extraScrapeConfigs[0]`;
const TI = `${A}.timeIntervals[0].time_intervals[0]`;

export const CLASSES: Record<string, HatchCase[]> = {
    "1: checked as the target checks it": [
        { what: "scrape_timeout longer than the global interval", bad: (c) => (job(c).scrape_timeout = "20s"), key: `${JOB}.scrape_timeout`, expected: /no longer than the job's interval.*scrapeInterval \(15s\)/, neighbour: (c) => (job(c).scrape_timeout = "15s") },
        { what: "scrape_timeout longer than the job's interval", bad: (c) => Object.assign(job(c), { scrape_interval: "5s", scrape_timeout: "10s" }), key: `${JOB}.scrape_timeout`, expected: /its scrape_interval \(5s\)/, neighbour: (c) => Object.assign(job(c), { scrape_interval: "10s", scrape_timeout: "10s" }) },
        { what: "labeldrop with source_labels", bad: relabel({ action: "labeldrop", regex: "tmp_.*", source_labels: ["a"] }), key: `${JOB}.relabel_configs[0].source_labels`, expected: /Prometheus refuses a labeldrop rule/, neighbour: relabel({ action: "labeldrop", regex: "tmp_.*" }) },
        { what: "replace's target_label not a label name", bad: relabel({ source_labels: ["a"], target_label: "1bad" }), key: `${JOB}.relabel_configs[0].target_label`, expected: /\$1 or \$\{name\} references/, neighbour: relabel({ source_labels: ["a"], target_label: "pod_${1}" }) },
        { what: "hashmod's target_label with a reference", bad: relabel({ action: "hashmod", source_labels: ["a"], target_label: "${1}", modulus: 4 }), key: `${JOB}.relabel_configs[0].target_label`, expected: /takes no \$ references/, neighbour: relabel({ action: "hashmod", source_labels: ["a"], target_label: "shard", modulus: 4 }) },
        { what: "labelmap's replacement not a label name", bad: relabel({ action: "labelmap", regex: "__meta_(.+)", replacement: "a-b" }), key: `${JOB}.relabel_configs[0].replacement`, expected: /labelmap/, neighbour: relabel({ action: "labelmap", regex: "__meta_(.+)", replacement: "${1}" }) },
        { what: "group_by's ... beside a label", bad: (c) => (c.alertmanager.routes[0].group_by = ["...", "alertname"]), key: `${A}.routes[0].group_by`, expected: /wildcard beside other labels/, neighbour: (c) => (c.alertmanager.routes[0].group_by = ["..."]) },
        { what: "a label twice in group_by", bad: (c) => (c.alertmanager.routes[0].group_by = ["alertname", "alertname"]), key: `${A}.routes[0].group_by[1]`, expected: /duplicated/, neighbour: (c) => (c.alertmanager.routes[0].group_by = ["alertname", "cluster"]) },
        { what: "a time range that ends before it starts", bad: (c) => (ti(c).times = [{ start_time: "22:00", end_time: "06:00" }]), key: `${TI}.times[0].end_time`, expected: /after start_time/, neighbour: (c) => (ti(c).times = [{ start_time: "22:00", end_time: "24:00" }]) },
        { what: "a weekday range backwards", bad: (c) => (ti(c).weekdays = ["friday:monday"]), key: `${TI}.weekdays[0]`, expected: /start is not after its end/, neighbour: (c) => (ti(c).weekdays = ["monday:friday"]) },
        { what: "a weekday that does not exist", bad: (c) => (ti(c).weekdays = ["funday"]), key: `${TI}.weekdays[0]`, expected: /funday is none/, neighbour: (c) => (ti(c).weekdays = ["Sunday"]) },
        { what: "a day range from the month's end to its start", bad: (c) => (ti(c).days_of_month = ["-3:5"]), key: `${TI}.days_of_month[0]`, expected: /end is negative when its start is/, neighbour: (c) => (ti(c).days_of_month = ["-3:-1"]) },
        { what: "day 0", bad: (c) => (ti(c).days_of_month = ["0"]), key: `${TI}.days_of_month[0]`, expected: /1 to 31/, neighbour: (c) => (ti(c).days_of_month = ["31"]) },
        { what: "a month range backwards", bad: (c) => (ti(c).months = ["march:january"]), key: `${TI}.months[0]`, expected: /start is not after its end/, neighbour: (c) => (ti(c).months = ["january:march"]) },
        { what: "a year range backwards", bad: (c) => (ti(c).years = ["2027:2026"]), key: `${TI}.years[0]`, expected: /start is not after its end/, neighbour: (c) => (ti(c).years = ["2026:2027"]) },
        { what: "a time zone that does not exist", bad: (c) => (ti(c).location = "Mars/Olympus"), key: `${TI}.location`, expected: /time\.LoadLocation finds no such zone/, neighbour: (c) => (ti(c).location = "America/Argentina/Buenos_Aires") },
        { what: "telegram's parse_mode in the wrong case", bad: receiver({ telegram_configs: [{ bot_token_secret: "dbPassword", chat_id: 1, parse_mode: "html" }] }), key: `${A}.receivers[0].telegram_configs[0].parse_mode`, expected: /Markdown, MarkdownV2, HTML/, neighbour: receiver({ telegram_configs: [{ bot_token_secret: "dbPassword", chat_id: 1, parse_mode: "HTML" }] }) },
        { what: "webex without its token", bad: receiver({ webex_configs: [{ room_id: "r1" }] }), key: `${A}.receivers[0].webex_configs[0].http_config.authorization.credentials_secret`, expected: /without http_config.authorization/, neighbour: receiver({ webex_configs: [{ room_id: "r1", http_config: { authorization: { credentials_secret: "webexToken" } } }] }) },
        { what: "sns without a topic, target or phone number", bad: receiver({ sns_configs: [{ sigv4: { region: "eu-west-1" } }] }), key: `${A}.receivers[0].sns_configs[0].topic_arn`, expected: /exactly one/, neighbour: receiver({ sns_configs: [{ sigv4: { region: "eu-west-1" }, topic_arn: "arn:aws:sns:eu-west-1:123456789012:alerts" }] }) },
        { what: "pushover in monospace and html at once", bad: receiver({ pushover_configs: [{ user_key_secret: "dbPassword", token_secret: "webexToken", monospace: true, html: true }] }), key: `${A}.receivers[0].pushover_configs[0].monospace`, expected: /at most one of monospace & html/, neighbour: receiver({ pushover_configs: [{ user_key_secret: "dbPassword", token_secret: "webexToken", html: true }] }) },
        { what: "an authorization of type Basic", bad: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { authorization: { type: "Basic", credentials_secret: "dbPassword" } } }] }), key: `${A}.receivers[0].webhook_configs[0].http_config.authorization.type`, expected: /basic_auth/, neighbour: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { authorization: { type: "Bearer", credentials_secret: "dbPassword" } } }] }) },
        { what: "basic_auth and authorization together", bad: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { basic_auth: { username: "u", password_secret: "dbPassword" }, authorization: { credentials_secret: "webexToken" } } }] }), key: `${A}.receivers[0].webhook_configs[0].http_config.authorization`, expected: /one Authorization header/, neighbour: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { basic_auth: { username: "u", password_secret: "dbPassword" } } }] }) },
    ],
    "2: settings that do nothing": [
        { what: "a receiver no route names", bad: (c) => c.alertmanager.receivers.push({ name: "spare", webhook_configs: [{ url_secret: "dbHook" }] }), key: `${A}.receivers[1]`, expected: /no route .* names spare/, neighbour: (c) => (c.alertmanager.receivers.push({ name: "spare", webhook_configs: [{ url_secret: "dbHook" }] }), c.alertmanager.routes.push({ receiver: "spare", matchers: ["team=web"] })) },
        { what: "a receiver named only by a nested route is used", bad: (c) => c.alertmanager.receivers.push({ name: "spare", webhook_configs: [{ url_secret: "dbHook" }] }), key: `${A}.receivers[1]`, expected: /names spare/, neighbour: (c) => (c.alertmanager.receivers.push({ name: "spare", webhook_configs: [{ url_secret: "dbHook" }] }), (c.alertmanager.routes[0].routes = [{ receiver: "spare", matchers: ["severity=critical"] }])) },
        { what: "a time interval no route names", bad: (c) => c.alertmanager.timeIntervals.push({ name: "weekend", time_intervals: [{ weekdays: ["saturday", "sunday"] }] }), key: `${A}.timeIntervals[1]`, expected: /mutes and activates nothing/, neighbour: (c) => (c.alertmanager.timeIntervals.push({ name: "weekend", time_intervals: [{ weekdays: ["saturday", "sunday"] }] }), (c.alertmanager.routes[0].active_time_intervals = ["weekend"])) },
        { what: "a volume nothing mounts", bad: (c) => (c.metrics.extra = { volumes: [{ name: "corp-ca", secret: { secretName: "corp-ca" } }] }), key: `${M}.extra.volumes[0]`, expected: /nothing reads it/, neighbour: (c) => (c.metrics.extra = { volumes: [{ name: "corp-ca", secret: { secretName: "corp-ca" } }], volumeMounts: [{ name: "corp-ca", mountPath: "/etc/corp-ca" }] }) },
        { what: "an inhibit rule whose source and target are the same", bad: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical"], target_matchers: ['severity="critical"'], equal: ["alertname"] }]), key: `${A}.inhibitRules[0].target_matchers`, expected: /mutes nothing/, neighbour: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical"], target_matchers: ["severity=warning"], equal: ["alertname"] }]) },
        { what: "an inhibit rule whose source matches no alert", bad: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical", "severity!=critical"], target_matchers: ["severity=warning"], equal: ["alertname"] }]), key: `${A}.inhibitRules[0].source_matchers`, expected: /exclude each other/, neighbour: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical", "team!=db"], target_matchers: ["severity=warning"], equal: ["alertname"] }]) },
        { what: "an inhibit rule whose equal label the matchers pin apart", bad: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["env=prod"], target_matchers: ["env=staging"], equal: ["env"] }]), key: `${A}.inhibitRules[0].equal`, expected: /never equal/, neighbour: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["env=prod"], target_matchers: ["env=staging"], equal: ["cluster"] }]) },
        { what: "a keep rule without regex", bad: relabel({ action: "keep", source_labels: ["env"] }), key: `${JOB}.relabel_configs[0].regex`, expected: /keeps everything/, neighbour: relabel({ action: "keep", source_labels: ["env"], regex: "prod" }) },
        { what: "a field the action never reads", bad: relabel({ action: "drop", source_labels: ["env"], regex: "dev", target_label: "x" }), key: `${JOB}.relabel_configs[0].target_label`, expected: /does not read target_label/, neighbour: relabel({ action: "drop", source_labels: ["env"], regex: "dev", separator: ";" }) },
        { what: "an env variable given twice", bad: (c) => (c.metrics.extra = { env: [{ name: "GOGC", value: "50" }, { name: "GOGC", value: "75" }] }), key: `${M}.extra.env[1].name`, expected: /given once/, neighbour: (c) => (c.metrics.extra = { env: [{ name: "GOGC", value: "50" }, { name: "GOMEMLIMIT", value: "1GiB" }] }) },
        { what: "a hatch of a component that is off", bad: (c) => (c.alertmanager.enabled = false), key: `${A}.receivers`, expected: /nothing unless .*alertmanager\.enabled is true/, neighbour: () => undefined },
    ],
    "5: credentials over plain http": [
        { what: "an SSO issuer over http outside the cluster", bad: keycloak({ issuerUrl: "http://login.example.com/realms/ops" }), key: `${G}.sso.issuerUrl`, expected: /keys that vouch for every login.*inside the cluster/, neighbour: keycloak({ issuerUrl: "http://keycloak.auth.svc:8080/realms/ops" }) },
        { what: "an SSO token URL over http", bad: (c) => (c.grafana.sso = { provider: "generic", clientId: "g", clientSecretKey: "oidcSecret", authUrl: "https://id.example.com/auth", tokenUrl: "http://id.example.com/token", apiUrl: "https://id.example.com/userinfo" }), key: `${G}.sso.tokenUrl`, expected: /client secret/, neighbour: (c) => (c.grafana.sso = { provider: "generic", clientId: "g", clientSecretKey: "oidcSecret", authUrl: "https://id.example.com/auth", tokenUrl: "https://id.example.com/token", apiUrl: "https://id.example.com/userinfo" }) },
        { what: "a data source with basic auth over http outside the cluster", bad: loki({ url: "http://loki.example.com:3100", basicAuth: true, basicAuthUser: "grafana", secureJsonData: { basicAuthPassword_secret: "lokiPassword" } }), key: `${G}.dataSources[0].url`, expected: /sends this data source's credential/, neighbour: loki({ url: "http://loki.logging.svc:3100", basicAuth: true, basicAuthUser: "grafana", secureJsonData: { basicAuthPassword_secret: "lokiPassword" } }) },
        { what: "a data source without a credential may stay on http", bad: loki({ url: "http://loki.example.com:3100", withCredentials: true }), key: `${G}.dataSources[0].url`, expected: /https:\/\//, neighbour: loki({ url: "http://loki.example.com:3100" }) },
        { what: "a receiver's endpoint that gets its key over http", bad: receiver({ opsgenie_configs: [{ api_key_secret: "opsgenieKey", api_url: "http://opsgenie.example.com/" }] }), key: `${A}.receivers[0].opsgenie_configs[0].api_url`, expected: /sends its credential there/, neighbour: receiver({ opsgenie_configs: [{ api_key_secret: "opsgenieKey", api_url: "https://api.eu.opsgenie.com/" }] }) },
        { what: "a remote write password over http outside the cluster", bad: (c) => (c.metrics.remoteWrite = [{ url: "http://vm.example.com:8428/api/v1/write", basicAuth: { username: "w", passwordKey: "dbPassword" } }]), key: `${M}.remoteWrite[0].url`, expected: /https:\/\//, neighbour: (c) => (c.metrics.remoteWrite = [{ url: "http://vm.storage.svc:8428/api/v1/write", basicAuth: { username: "w", passwordKey: "dbPassword" } }]) },
        { what: "a scrape password over http to a target outside the cluster", bad: (c) => Object.assign(job(c), { basic_auth: { username: "s", password_secret: "dbPassword" }, static_configs: [{ targets: ["db.example.com:9187"] }] }), key: `${JOB}.scheme`, expected: /https/, neighbour: (c) => Object.assign(job(c), { basic_auth: { username: "s", password_secret: "dbPassword" }, static_configs: [{ targets: ["db.billing.svc:9187"] }] }) },
        { what: "an SMTP login without STARTTLS", bad: receiver({ email_configs: [{ to: "a@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", auth_username: "am", auth_password_secret: "dbPassword", require_tls: false }] }), key: `${A}.receivers[0].email_configs[0].require_tls`, expected: /STARTTLS/, neighbour: receiver({ email_configs: [{ to: "a@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", auth_username: "am", auth_password_secret: "dbPassword" }] }) },
    ],
    "6: a match-everything default where nothing was said": [
        { what: "a route without matchers", bad: (c) => delete c.alertmanager.routes[0].matchers, key: `${A}.routes[0].matchers`, expected: /takes every alert.*alertname=~/, neighbour: (c) => (c.alertmanager.routes[0].matchers = ['alertname=~".+"']) },
        { what: "a route without matchers that passes them on", bad: (c) => (c.alertmanager.routes[0].matchers = []), key: `${A}.routes[0].matchers`, expected: /continue: true/, neighbour: (c) => (delete c.alertmanager.routes[0].matchers, (c.alertmanager.routes[0].continue = true)) },
        { what: "a nested route without matchers", bad: (c) => (c.alertmanager.routes[0].routes = [{ receiver: "db" }]), key: `${A}.routes[0].routes[0].matchers`, expected: /takes every alert/, neighbour: (c) => (c.alertmanager.routes[0].routes = [{ receiver: "db", matchers: ["severity=critical"] }]) },
        { what: "an inhibit rule without equal", bad: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical"], target_matchers: ["severity=warning"] }]), key: `${A}.inhibitRules[0].equal`, expected: /one source alert anywhere mutes every target alert/, neighbour: (c) => (c.alertmanager.inhibitRules = [{ source_matchers: ["severity=critical"], target_matchers: ["severity=warning"], equal: [] }]) },
        { what: "a drop rule without regex", bad: relabel({ action: "drop", source_labels: ["__name__"] }), key: `${JOB}.relabel_configs[0].regex`, expected: /drops everything/, neighbour: relabel({ action: "drop", source_labels: ["__name__"], regex: "(.*)" }) },
        { what: "GitHub SSO anyone could log in through", bad: (c) => (c.grafana.sso = { provider: "github", clientId: "g", clientSecretKey: "oidcSecret" }), key: `${G}.sso.allowedOrganizations`, expected: /anyone with a GitHub account/, neighbour: (c) => (c.grafana.sso = { provider: "github", clientId: "g", clientSecretKey: "oidcSecret", allowedOrganizations: ["example-org"] }) },
        { what: "Google SSO anyone could log in through", bad: (c) => (c.grafana.sso = { provider: "google", clientId: "g", clientSecretKey: "oidcSecret" }), key: `${G}.sso.hostedDomain`, expected: /anyone with a Google account/, neighbour: (c) => (c.grafana.sso = { provider: "google", clientId: "g", clientSecretKey: "oidcSecret", hostedDomain: "example.com" }) },
    ],
    "7: valid in shape, impossible in meaning, or half of a pair": [
        { what: "a time zone in the wrong case", bad: (c) => (ti(c).location = "europe/berlin"), key: `${TI}.location`, expected: /Europe\/Berlin, as the tz database spells it/, neighbour: (c) => (ti(c).location = "Europe/Berlin") },
        { what: "Local, the container's zone", bad: (c) => (ti(c).location = "Local"), key: `${TI}.location`, expected: /container's own zone/, neighbour: (c) => (ti(c).location = "UTC") },
        { what: "month 13", bad: (c) => (ti(c).months = ["13"]), key: `${TI}.months[0]`, expected: /13 is none/, neighbour: (c) => (ti(c).months = ["12"]) },
        { what: "a data source port beyond 65535", bad: loki({ url: "http://loki.logging.svc:70000" }), key: `${G}.dataSources[0].url`, expected: /port is from 1 to 65535/, neighbour: loki({ url: "http://loki.logging.svc:65535" }) },
        { what: "an SMTP user without a password", bad: receiver({ email_configs: [{ to: "a@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", auth_username: "am" }] }), key: `${A}.receivers[0].email_configs[0].auth_password_secret`, expected: /empty password/, neighbour: receiver({ email_configs: [{ to: "a@example.com", from: "am@example.com", smarthost: "smtp.example.com:587" }] }) },
        { what: "a basic_auth username without a password", bad: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { basic_auth: { username: "u" } } }] }), key: `${A}.receivers[0].webhook_configs[0].http_config.basic_auth.password_secret`, expected: /empty password/, neighbour: receiver({ webhook_configs: [{ url_secret: "dbHook", http_config: { basic_auth: { username: "u", password_secret: "dbPassword" } } }] }) },
    ],
    "8: names that clash with what the program writes": [
        { what: "a target label that is an external label", bad: (c) => (job(c).static_configs[0].labels = { monitor: "other" }), key: `${JOB}.static_configs[0].labels.monitor`, expected: /externalLabels\.monitor sets monitor/, neighbour: (c) => (job(c).static_configs[0].labels = { env: "prod" }) },
        { what: "a relabel onto the edge's cluster label", bad: (c) => ((c.metrics.externalLabels = { cluster: "edge-eu" }), relabel({ source_labels: ["__address__"], target_label: "cluster" })(c)), key: `${JOB}.relabel_configs[0].target_label`, expected: /externalLabels\.cluster sets cluster/, neighbour: (c) => ((c.metrics.externalLabels = { cluster: "edge-eu" }), relabel({ source_labels: ["__address__"], target_label: "origin" })(c)) },
        { what: "a hatch volume of the program's own Secret", bad: (c) => (c.metrics.extra = { volumes: [{ name: "am", secret: { secretName: "alertmanager-config" } }], volumeMounts: [{ name: "am", mountPath: "/etc/am" }] }), key: `${M}.extra.volumes[0].secret.secretName`, expected: /which the program writes \(named by cluster-monitoring:alertmanager\.name\)/, neighbour: (c) => (c.metrics.extra = { volumes: [{ name: "am", secret: { secretName: "corp-ca" } }], volumeMounts: [{ name: "am", mountPath: "/etc/am" }] }) },
        { what: "an env value from the program's own ConfigMap", bad: (c) => (c.metrics.extra = { env: [{ name: "RULES", valueFrom: { configMapKeyRef: { name: "monitor-rulefiles", key: "a" } } }] }), key: `${M}.extra.env[0].valueFrom.configMapKeyRef.name`, expected: /ConfigMap monitor-rulefiles/, neighbour: (c) => (c.metrics.extra = { env: [{ name: "RULES", valueFrom: { configMapKeyRef: { name: "app-settings", key: "a" } } }] }) },
        { what: "a receiver with the program's name", bad: (c) => ((c.alertmanager.receivers[0].name = "default"), (c.alertmanager.routes[0].receiver = "default")), key: `${A}.receivers[0].name`, expected: /names its own receivers/, neighbour: (c) => ((c.alertmanager.receivers[0].name = "db-default"), (c.alertmanager.routes[0].receiver = "db-default")) },
    ],
};


/** The settings of the base stack with `edit` applied, and the secrets it names; throws its ConfigError when refused. */
export function settingsOf(edit: (c: Config) => void): { settings: Settings; secrets: Record<string, string> } {
    const c = hatchStack();
    edit(c);
    const secrets = secretsFor(c);
    return { settings: loadStackSettings(plainConfigSource(c, secrets)), secrets };
}

/** A case by its class and what it is. */
export function hatchCase(cls: string, what: string): HatchCase {
    const found = Object.entries(CLASSES).find(([k]) => k.startsWith(`${cls}:`))?.[1].find((c) => c.what === what);
    assert.ok(found, `no case ${cls}: ${what}`);
    return found;
}
