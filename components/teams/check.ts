import * as pulumi from "@pulumi/pulumi";
import { parseAllDocuments } from "yaml";
import { analyzePromql } from "../../prometheus-releases/promql";
import { promqlDialectOf } from "../../prometheus-releases/promql-features";
import { PROMETHEUS_RELEASES } from "../../prometheus-releases/release-lines";
import { TEAM_CONTRACT_VERSION, TeamContract } from "./contract";

/**
 * `npm run team:check`: a team's directory of labelled ConfigMaps, checked as the platform will
 * take them (docs/monitor-your-app.md#check-before-you-apply), with the stack file's error style:
 * every problem at once, each naming the file, the object and the field, what it got and what it
 * expected. Pure: files in, problems out; scripts/team-check.ts reads the directory.
 */

export interface TeamFile {
    /** As shown in messages: relative to the directory checked. */
    path: string;
    text: string;
}

export interface TeamProblem {
    /** `<file> ConfigMap <namespace>/<name> data["<key>"].<field>`, or the file alone. */
    key: string;
    got: unknown;
    expected: string;
}

/** A RunError, as the stack file's ConfigError: Pulumi prints its message alone, at the team's preview. */
export class TeamCheckError extends pulumi.RunError {
    constructor(readonly problems: TeamProblem[]) {
        super(
            `invalid team objects (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
                problems.map((p) => `  - ${p.key}: got ${p.got === undefined ? "nothing" : JSON.stringify(p.got)}, expected ${p.expected}`).join("\n"),
        );
        this.name = "TeamCheckError";
    }
}

/** The folder annotation the sidecar reads by default; the platform makes it unusable (docs/grafana.md#team-dashboards). */
const FOLDER_ANNOTATION = "k8s-sidecar-target-directory";
const UID = /^[A-Za-z0-9_-]{1,40}$/;
const REFUSED_UID_PREFIX = "refused-";
const REFUSED_TITLE = "Refused: ";

interface ConfigMapDoc {
    file: string;
    index: number;
    namespace?: string;
    name?: string;
    labels: Record<string, unknown>;
    annotations: Record<string, unknown>;
    data: Record<string, unknown>;
}

/** Grafana variables in a panel query, replaced so the PromQL parses: intervals by a duration, the rest by a name. */
function withoutVariables(expr: string): string {
    return expr
        .replace(/\$\{?__(rate_interval|interval|range)(_ms|_s)?\}?/g, "5m")
        .replace(/\[\[[A-Za-z0-9_]+\]\]/g, "x")
        .replace(/\$\{[A-Za-z0-9_]+(:[^}]*)?\}/g, "x")
        .replace(/\$[A-Za-z_][A-Za-z0-9_]*/g, "x");
}

function isObject(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Which job drops `family` by name, unless a job keeps it: the platform stores none of its series. */
export function droppedFamily(contract: TeamContract, family: string): string | undefined {
    const jobs = Object.entries(contract.keptFamilies);
    if (jobs.some(([, t]) => t.kept.includes(family))) {
        return undefined;
    }
    const matches = (pattern: string) => (pattern.endsWith("*") ? family.startsWith(pattern.slice(0, -1)) : family === pattern);
    return jobs.find(([, t]) => t.dropped.some(matches))?.[0];
}

export function checkTeamFiles(files: readonly TeamFile[], contract: TeamContract, defaultNamespace?: string): TeamProblem[] {
    const problems: TeamProblem[] = [];
    const add = (key: string, got: unknown, expected: string) => problems.push({ key, got, expected });
    if (contract.contractVersion !== TEAM_CONTRACT_VERSION) {
        add("contract.contractVersion", contract.contractVersion, `${TEAM_CONTRACT_VERSION}: this checker is older or newer than the platform's contract`);
        return problems;
    }
    const release = PROMETHEUS_RELEASES.find((r) => r.line === contract.prometheus.line);
    if (release === undefined) {
        add("contract.prometheus.line", contract.prometheus.line, `one of ${PROMETHEUS_RELEASES.map((r) => r.line).join(", ")}`);
        return problems;
    }
    // The platform's line with the PromQL features its Prometheus runs with, as its own alertRules are checked.
    const dialect = promqlDialectOf(release, contract.prometheus.version || undefined, contract.prometheus.promqlFeatures ?? []);

    const configMaps: ConfigMapDoc[] = [];
    for (const f of files) {
        const docs = parseAllDocuments(f.text);
        for (const [index, doc] of (Array.isArray(docs) ? docs : [docs]).entries()) {
            if (doc.errors.length > 0) {
                add(`${f.path} (document ${index + 1})`, doc.errors[0].message.split("\n")[0], "YAML (the file does not parse)");
                continue;
            }
            const value: unknown = doc.toJS();
            const items = isObject(value) && value.kind === "List" && Array.isArray(value.items) ? value.items : [value];
            for (const item of items) {
                if (!isObject(item) || item.kind !== "ConfigMap") {
                    continue;
                }
                const meta = isObject(item.metadata) ? item.metadata : {};
                configMaps.push({
                    file: f.path,
                    index,
                    namespace: typeof meta.namespace === "string" ? meta.namespace : defaultNamespace,
                    name: typeof meta.name === "string" ? meta.name : undefined,
                    labels: isObject(meta.labels) ? meta.labels : {},
                    annotations: isObject(meta.annotations) ? meta.annotations : {},
                    data: isObject(item.data) ? item.data : {},
                });
            }
        }
    }

    const d = contract.dashboards;
    const r = contract.rules;
    const uidOwner = new Map<string, string>(d.platformUids.map((u) => [u, "the platform's dashboards"]));
    const titleOwner = new Map<string, string>();
    const groupOwner = new Map<string, string>();
    const perNamespace = new Map<string, { files: number; rules: number }>();

    const checkExpr = (at: string, expr: unknown, mustParse: boolean) => {
        if (typeof expr !== "string") {
            add(at, expr, "a PromQL expression (a string)");
            return;
        }
        const analysis = analyzePromql(mustParse ? expr : withoutVariables(expr), dialect);
        for (const p of analysis.problems) {
            add(at, expr, `PromQL that ${dialect.server} (the platform's line ${release.line}) evaluates: ${p}`);
        }
        for (const family of new Set(analysis.selectors.map((s) => s.metric).filter((m): m is string => m !== undefined))) {
            const job = droppedFamily(contract, family);
            if (job !== undefined) {
                add(at, expr, `families the platform keeps: job ${job} drops ${family}, so it has no series (the stack output keptFamilies; ask for it in metrics.keepFamilies)`);
            }
        }
    };

    for (const cm of configMaps) {
        const where = `${cm.file} ConfigMap ${cm.namespace ?? "?"}/${cm.name ?? "?"}`;
        if (cm.name === undefined) {
            add(`${where} metadata.name`, undefined, "the ConfigMap's name");
        }
        const isDashboard = cm.labels[d.label] !== undefined;
        const isRule = cm.labels[r.label] !== undefined;
        if (!isDashboard && !isRule) {
            continue;
        }
        if (cm.namespace === undefined) {
            add(`${where} metadata.namespace`, undefined, "the team's namespace (or pass --namespace)");
            continue;
        }
        for (const [label, value] of [
            [d.label, d.value],
            [r.label, r.value],
        ] as const) {
            if (cm.labels[label] !== undefined && cm.labels[label] !== value) {
                add(`${where} metadata.labels.${label}`, cm.labels[label], `"${value}" (a string): the platform selects ${label}=${value} and sees nothing else`);
            }
        }
        if (isDashboard && isRule) {
            add(`${where} metadata.labels`, cm.labels, `one of ${d.label} or ${r.label}: a ConfigMap holds dashboards or rule files, not both`);
            continue;
        }
        if (FOLDER_ANNOTATION in cm.annotations) {
            add(`${where} metadata.annotations.${FOLDER_ANNOTATION}`, cm.annotations[FOLDER_ANNOTATION], "no folder annotation: each namespace has its one folder, Team <namespace>");
        }
        for (const key of Object.keys(cm.data)) {
            if (key.endsWith(".url")) {
                add(`${where} data["${key}"]`, key, "no .url key: the platform does not fetch files from addresses");
            }
        }
        if (isDashboard) {
            if (d.namespaces !== "all" && !d.namespaces.includes(cm.namespace)) {
                add(
                    `${where} metadata.namespace`,
                    cm.namespace,
                    d.namespaces.length === 0
                        ? "nothing: the platform takes no team dashboards (grafana.teamDashboards is off)"
                        : `one of the namespaces the platform takes dashboards from: ${d.namespaces.join(", ")} (grafana.teamDashboards); elsewhere its RBAC cannot even see the ConfigMap`,
                );
            }
            checkDashboards(cm, where);
        } else {
            if (r.namespaces !== "all" && !r.namespaces.includes(cm.namespace)) {
                add(
                    `${where} metadata.namespace`,
                    cm.namespace,
                    r.namespaces.length === 0
                        ? "nothing: the platform takes no team rule files (metrics.teamRules is off)"
                        : `one of the namespaces the platform takes rule files from: ${r.namespaces.join(", ")} (metrics.teamRules); elsewhere its RBAC cannot even see the ConfigMap`,
                );
            }
            checkRules(cm, where);
        }
    }
    return problems;

    function checkDashboards(cm: ConfigMapDoc, where: string): void {
        for (const [key, raw] of Object.entries(cm.data)) {
            const at = `${where} data["${key}"]`;
            if (key.endsWith(".url")) {
                continue;
            }
            if (!key.endsWith(".json")) {
                add(at, key, "a key ending in .json: Grafana's file provider reads only *.json files");
                continue;
            }
            let doc: unknown;
            try {
                doc = JSON.parse(String(raw));
            } catch (e) {
                add(at, (e as Error).message, "a dashboard in JSON (it does not parse)");
                continue;
            }
            if (!isObject(doc)) {
                add(at, doc, "a dashboard: a JSON object");
                continue;
            }
            if (typeof doc.title !== "string" || doc.title.trim() === "") {
                add(`${at}.title`, doc.title, "a dashboard's title, a non-empty string");
            } else if (doc.title.startsWith(REFUSED_TITLE)) {
                add(`${at}.title`, doc.title, `a title not starting '${REFUSED_TITLE}', which marks refusals`);
            } else {
                const id = `${cm.namespace}\u0000${doc.title}`;
                const owner = titleOwner.get(id);
                if (owner !== undefined) {
                    add(`${at}.title`, doc.title, `a title not used yet in folder Team ${cm.namespace} (${owner} has it)`);
                } else {
                    titleOwner.set(id, `${cm.name}.${key}`);
                }
            }
            if (!Array.isArray(doc.panels) && !Array.isArray(doc.rows)) {
                add(`${at}.panels`, doc.panels, "a dashboard's panels, a list");
            }
            if (typeof doc.uid !== "string" || !UID.test(doc.uid)) {
                add(`${at}.uid`, doc.uid, "1 to 40 letters, digits, - or _: a stable uid keeps the dashboard's URL");
            } else if (doc.uid.startsWith(d.reservedUidPrefix) && !uidOwner.has(doc.uid)) {
                add(`${at}.uid`, doc.uid, `a uid not starting ${d.reservedUidPrefix}, which is reserved for the platform's dashboards`);
            } else if (doc.uid.startsWith(REFUSED_UID_PREFIX)) {
                add(`${at}.uid`, doc.uid, `a uid not starting ${REFUSED_UID_PREFIX}, which marks refusals`);
            } else if (uidOwner.has(doc.uid)) {
                add(`${at}.uid`, doc.uid, `a uid nobody uses yet (${uidOwner.get(doc.uid)} has it; uids are unique across Grafana)`);
            } else {
                uidOwner.set(doc.uid, `${cm.namespace}/${cm.name}.${key}`);
            }
            const panels = (list: unknown, path: string): void => {
                if (!Array.isArray(list)) return;
                list.forEach((p, i) => {
                    if (!isObject(p)) return;
                    if (Array.isArray(p.targets)) {
                        p.targets.forEach((t, j) => {
                            if (isObject(t) && t.expr !== undefined) {
                                checkExpr(`${at}.${path}[${i}].targets[${j}].expr`, t.expr, false);
                            }
                        });
                    }
                    panels(p.panels, `${path}[${i}].panels`);
                });
            };
            panels(doc.panels, "panels");
        }
    }

    function checkRules(cm: ConfigMapDoc, where: string): void {
        const ns = cm.namespace!;
        const count = perNamespace.get(ns) ?? { files: 0, rules: 0 };
        perNamespace.set(ns, count);
        for (const [key, raw] of Object.entries(cm.data)) {
            const at = `${where} data["${key}"]`;
            if (key.endsWith(".url")) {
                continue;
            }
            if (!/\.ya?ml$/.test(key)) {
                add(at, key, "a key ending in .yml or .yaml: one rule file per key");
                continue;
            }
            count.files += 1;
            if (count.files === r.maxFilesPerNamespace + 1) {
                add(at, count.files, `at most ${r.maxFilesPerNamespace} rule files per namespace`);
            }
            const parsed = parseAllDocuments(String(raw));
            const doc = Array.isArray(parsed) ? parsed[0] : parsed;
            if (doc === undefined || doc.errors.length > 0) {
                add(at, doc?.errors[0]?.message.split("\n")[0], "a Prometheus rule file in YAML (it does not parse)");
                continue;
            }
            const file: unknown = doc.toJS();
            if (!isObject(file) || !Array.isArray(file.groups)) {
                add(`${at}.groups`, isObject(file) ? file.groups : file, "a rule file: { groups: [ { name, rules: [...] } ] }");
                continue;
            }
            file.groups.forEach((g, i) => {
                const gat = `${at}.groups[${i}]`;
                if (!isObject(g)) {
                    add(gat, g, "a rule group { name, rules }");
                    return;
                }
                if (typeof g.name !== "string" || g.name === "") {
                    add(`${gat}.name`, g.name, "the group's name");
                } else {
                    const owner = groupOwner.get(`${ns}\u0000${g.name}`);
                    if (owner !== undefined) {
                        add(`${gat}.name`, g.name, `a group name not used yet in namespace ${ns} (${owner} has it)`);
                    } else {
                        groupOwner.set(`${ns}\u0000${g.name}`, `${cm.name}.${key}`);
                    }
                }
                if (!Array.isArray(g.rules)) {
                    add(`${gat}.rules`, g.rules, "a list of rules");
                    return;
                }
                g.rules.forEach((rule, j) => {
                    const rat = `${gat}.rules[${j}]`;
                    count.rules += 1;
                    if (count.rules === r.maxRulesPerNamespace + 1) {
                        add(rat, count.rules, `at most ${r.maxRulesPerNamespace} rules per namespace`);
                    }
                    if (!isObject(rule)) {
                        add(rat, rule, "a rule { alert or record, expr }");
                        return;
                    }
                    if ((rule.alert === undefined) === (rule.record === undefined)) {
                        add(rat, Object.keys(rule), "exactly one of alert or record");
                    }
                    checkExpr(`${rat}.expr`, rule.expr, true);
                });
            });
        }
    }
}
