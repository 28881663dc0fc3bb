import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings, TeamRulesSettings } from "../../../config";
import { noPrivileges } from "../../common/no-privileges";
import { teamRulesRoleName, teamRulesScriptConfigMapName } from "./names";
import { ownRunbook } from "../../common/rules/runbooks";
import { TEAM_RULES_SCRIPT_DIR, TEAM_RULES_SCRIPT_FILES, teamRulesScripts } from "./scripts";

/**
 * Team rules (docs/monitor-your-app.md#team-rules), in Prometheus' pod when metrics.teamRules is set:
 *
 * - `team-rules`: kiwigrid/k8s-sidecar 2.10.1 writes every ConfigMap labelled prometheus_rule: "1"
 *   of the allowed namespaces into a staging directory, then its SCRIPT, prepare_rules.py, checks
 *   the YAML, the group names and the limits, sets the namespace label on every rule, and writes
 *   the prepared directory. No credentials, no folder annotation (as the dashboards' sidecar,
 *   components/grafana/team-dashboards). Its own uid, so the shared process namespace does not
 *   let it read Prometheus' files through /proc.
 * - `team-rules-check`: the Prometheus image itself, its promtool the server's own version:
 *   check.sh checks each prepared file, copies good ones to the live directory, writes a
 *   team_rule_file_refused series and alert for each refused one, and sends Prometheus SIGHUP
 *   when the live directory changed: one reload path on every release line, with or without the
 *   lifecycle API and basic auth.
 */

type Container = k8s.types.input.core.v1.Container;
type Volume = k8s.types.input.core.v1.Volume;

export const TEAM_RULE_LABEL = "prometheus_rule";
export const TEAM_RULE_LABEL_VALUE = "1";

export const TEAM_RULES_PATHS = {
    staging: "/var/lib/team-rules/staging",
    prepared: "/var/lib/team-rules/prepared",
    /** In Prometheus' rule_files; read-only there. */
    live: "/etc/prometheus/team-rules",
    token: "/var/run/secrets/kubernetes.io/serviceaccount",
    tmp: "/tmp",
} as const;

export const TEAM_RULES_VOLUMES = {
    staging: "team-rules-staging",
    prepared: "team-rules-prepared",
    live: "team-rules",
    script: "team-rules-script",
    noToken: "team-rules-no-token",
    tmp: "team-rules-tmp",
} as const;

/** The alert check.sh writes in place of a refused file. */
export const TEAM_RULE_FILE_REFUSED = "TeamRuleFileRefused";

export const TEAM_RULES_CONTAINERS = { sidecar: "team-rules", checker: "team-rules-check" } as const;

/** The sidecar's uid: not Prometheus' 65534, so it cannot read Prometheus' /proc in the shared process namespace. */
export const TEAM_RULES_SIDECAR_UID = 65532;

/** The folder annotation the sidecar reads, renamed to a key the API server refuses (components/grafana/team-dashboards). */
const UNUSABLE_FOLDER_ANNOTATION = "cluster-monitoring.io/no folder annotation";

export { teamRulesRoleName, teamRulesScriptConfigMapName } from "./names";

/** The rule_files glob of the live directory. */
export function teamRulesGlob(s: MetricsSettings): string[] {
    return s.teamRules ? [`${TEAM_RULES_PATHS.live}/*.yml`] : [];
}

export function teamRulesScriptConfigMap(s: MetricsSettings): k8s.types.input.core.v1.ConfigMap | undefined {
    if (!s.teamRules) {
        return undefined;
    }
    return { apiVersion: "v1", kind: "ConfigMap", metadata: { name: teamRulesScriptConfigMapName(s), namespace: s.namespace }, data: teamRulesScripts() };
}

function sidecarNamespaces(t: TeamRulesSettings): string {
    return t.all === true ? "ALL" : (t.namespaces ?? []).join(",");
}

/** The sidecar's environment, all of it: no REQ_* credentials and no REQ_URL, as for the dashboards. */
export function teamRulesSidecarEnv(t: TeamRulesSettings): Array<{ name: string; value: string }> {
    return [
        { name: "LABEL", value: TEAM_RULE_LABEL },
        { name: "LABEL_VALUE", value: TEAM_RULE_LABEL_VALUE },
        { name: "FOLDER", value: TEAM_RULES_PATHS.staging },
        { name: "FOLDER_ANNOTATION", value: UNUSABLE_FOLDER_ANNOTATION },
        { name: "NAMESPACE", value: sidecarNamespaces(t) },
        { name: "RESOURCE", value: "configmap" },
        { name: "UNIQUE_FILENAMES", value: "true" },
        { name: "SCRIPT", value: `${TEAM_RULES_SCRIPT_DIR}/${TEAM_RULES_SCRIPT_FILES.runPrepare}` },
        { name: "TEAM_RULES_STAGING", value: TEAM_RULES_PATHS.staging },
        { name: "TEAM_RULES_PREPARED", value: TEAM_RULES_PATHS.prepared },
        { name: "TEAM_RULES_MAX_FILES", value: String(t.maxFilesPerNamespace) },
        { name: "TEAM_RULES_MAX_RULES", value: String(t.maxRulesPerNamespace) },
        { name: "REQ_RETRY_TOTAL", value: "0" },
        { name: "REQ_TIMEOUT", value: "2" },
        { name: "HEALTH_PORT", value: "8081" },
    ];
}

export function teamRulesContainers(s: MetricsSettings, runbookBaseUrl?: string): Container[] {
    const t = s.teamRules;
    if (!t) {
        return [];
    }
    const health = { httpGet: { path: "/healthz", port: 8081 }, periodSeconds: 10, timeoutSeconds: 3 };
    const runbook = ownRunbook(TEAM_RULE_FILE_REFUSED, runbookBaseUrl);
    return [
        {
            name: TEAM_RULES_CONTAINERS.sidecar,
            image: t.image,
            imagePullPolicy: "IfNotPresent",
            env: teamRulesSidecarEnv(t),
            resources: { requests: { cpu: "10m", memory: "64Mi" }, limits: { memory: "192Mi" } },
            readinessProbe: health,
            livenessProbe: { ...health, initialDelaySeconds: 30, failureThreshold: 6 },
            volumeMounts: [
                { name: TEAM_RULES_VOLUMES.staging, mountPath: TEAM_RULES_PATHS.staging },
                { name: TEAM_RULES_VOLUMES.prepared, mountPath: TEAM_RULES_PATHS.prepared },
                { name: TEAM_RULES_VOLUMES.script, mountPath: TEAM_RULES_SCRIPT_DIR, readOnly: true },
                { name: TEAM_RULES_VOLUMES.tmp, mountPath: TEAM_RULES_PATHS.tmp },
            ],
            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: TEAM_RULES_SIDECAR_UID, runAsGroup: TEAM_RULES_SIDECAR_UID },
        },
        {
            name: TEAM_RULES_CONTAINERS.checker,
            image: s.image,
            imagePullPolicy: "IfNotPresent",
            command: ["/bin/sh", `${TEAM_RULES_SCRIPT_DIR}/${TEAM_RULES_SCRIPT_FILES.check}`],
            env: [
                { name: "TEAM_RULES_PREPARED", value: TEAM_RULES_PATHS.prepared },
                { name: "TEAM_RULES_LIVE", value: TEAM_RULES_PATHS.live },
                { name: "PROMTOOL", value: "promtool" },
                // TeamRuleFileRefused's pointer to docs/runbooks.md, as every own default alert's.
                { name: "TEAM_RULES_RUNBOOK_KEY", value: runbook.key },
                { name: "TEAM_RULES_RUNBOOK", value: runbook.value },
            ],
            resources: { requests: { cpu: "10m", memory: "32Mi" }, limits: { memory: "128Mi" } },
            volumeMounts: [
                { name: TEAM_RULES_VOLUMES.prepared, mountPath: TEAM_RULES_PATHS.prepared, readOnly: true },
                { name: TEAM_RULES_VOLUMES.live, mountPath: TEAM_RULES_PATHS.live },
                { name: TEAM_RULES_VOLUMES.script, mountPath: TEAM_RULES_SCRIPT_DIR, readOnly: true },
                // Over the pod's token: the checker calls no API.
                { name: TEAM_RULES_VOLUMES.noToken, mountPath: TEAM_RULES_PATHS.token, readOnly: true },
            ],
            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true },
        },
    ];
}

export function teamRulesVolumes(s: MetricsSettings): Volume[] {
    if (!s.teamRules) {
        return [];
    }
    return [
        { name: TEAM_RULES_VOLUMES.staging, emptyDir: { sizeLimit: "64Mi" } },
        { name: TEAM_RULES_VOLUMES.prepared, emptyDir: { sizeLimit: "64Mi" } },
        { name: TEAM_RULES_VOLUMES.live, emptyDir: { sizeLimit: "64Mi" } },
        { name: TEAM_RULES_VOLUMES.script, configMap: { name: teamRulesScriptConfigMapName(s), defaultMode: 0o644 } },
        { name: TEAM_RULES_VOLUMES.noToken, emptyDir: { sizeLimit: "1Mi" } },
        { name: TEAM_RULES_VOLUMES.tmp, emptyDir: { sizeLimit: "16Mi" } },
    ];
}

/**
 * The StatefulSet with the team rules' containers and volumes, the live directory mounted
 * read-only into Prometheus, and a shared process namespace for the checker's SIGHUP. Unchanged
 * without metrics.teamRules.
 */
export function withTeamRules(s: MetricsSettings, runbookBaseUrl: string | undefined, set: k8s.types.input.apps.v1.StatefulSet): k8s.types.input.apps.v1.StatefulSet {
    if (!s.teamRules) {
        return set;
    }
    const spec = set.spec as any;
    const pod = spec.template.spec;
    const containers = (pod.containers as Container[]).map((c) =>
        c.name === s.name ? { ...c, volumeMounts: [...((c.volumeMounts as any[]) ?? []), { name: TEAM_RULES_VOLUMES.live, mountPath: TEAM_RULES_PATHS.live, readOnly: true }] } : c,
    );
    return {
        ...set,
        spec: {
            ...spec,
            template: {
                ...spec.template,
                spec: {
                    ...pod,
                    shareProcessNamespace: true,
                    containers: [...containers, ...teamRulesContainers(s, runbookBaseUrl)],
                    volumes: [...(pod.volumes as Volume[]), ...teamRulesVolumes(s)],
                },
            },
        },
    };
}

const RBAC_API = "rbac.authorization.k8s.io";
const RULES = [{ apiGroups: [""], resources: ["configmaps"], verbs: ["list", "watch"] }];

/**
 * Prometheus' ServiceAccount may list and watch ConfigMaps in the allowed namespaces (a Role per
 * namespace, a ClusterRole with all). The account is the pod's: Prometheus and the sidecar hold
 * its token (Prometheus needs it for discovery); the checker has an empty directory over it.
 */
export function teamRulesRbac(s: MetricsSettings): Array<{ kind: "Role" | "RoleBinding" | "ClusterRole" | "ClusterRoleBinding"; object: Record<string, unknown> }> {
    const t = s.teamRules;
    if (!t) {
        return [];
    }
    const name = teamRulesRoleName(s);
    const subjects = [{ kind: "ServiceAccount", name: s.serviceAccountName, namespace: s.namespace }];
    if (t.all === true) {
        return [
            { kind: "ClusterRole", object: { apiVersion: `${RBAC_API}/v1`, kind: "ClusterRole", metadata: { name }, rules: RULES } },
            { kind: "ClusterRoleBinding", object: { apiVersion: `${RBAC_API}/v1`, kind: "ClusterRoleBinding", metadata: { name }, roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name }, subjects } },
        ];
    }
    return (t.namespaces ?? []).flatMap((namespace) => [
        { kind: "Role" as const, object: { apiVersion: `${RBAC_API}/v1`, kind: "Role", metadata: { name, namespace }, rules: RULES } },
        { kind: "RoleBinding" as const, object: { apiVersion: `${RBAC_API}/v1`, kind: "RoleBinding", metadata: { name, namespace }, roleRef: { apiGroup: RBAC_API, kind: "Role", name }, subjects } },
    ]);
}
