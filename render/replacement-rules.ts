/**
 * Which input changes the pinned providers turn into a replacement, as a table: the upgrade check
 * (render/upgrade-check.ts) has no engine and runs no provider Diff, so it reads these rows
 * instead. Each row cites the source it was read from:
 *
 * - @pulumi/kubernetes 4.34.2 (package.json): pulumi/pulumi-kubernetes `provider/pkg/provider/
 *   diff.go` `forceNewProperties` and its `forceNew` table, and `provider.go` `Diff` (lines
 *   1565-1673) and `DiffConfig` (lines 454-569), read at 94977969d (master of 2026-07-01, the
 *   newest snapshot that could be read; tag v4.34.2 is not in it); diff.go is the same at
 *   cafe8c4ac (2026-02-18), so the table held over the months around that release;
 * - @pulumi/random 4.21.2: bridges hashicorp/terraform-provider-random, whose `internal/provider/
 *   resource_password.go` `passwordSchemaV3` (lines 557-750) and `resource_uuid.go` were read at
 *   f8d869dc98d9 (2026-05-13), the commit pulumi/pulumi-random's provider/go.mod pins;
 * - the engine, pulumi/pulumi `pkg/resource/deploy/step_generator.go` (`providerChanged`,
 *   `applyReplaceOnChanges`), for the rules that are no provider's.
 *
 * A path is an input path as the snapshot digests it (render/resource-snapshot.ts, two levels:
 * `spec.selector`, `data.<key>`, `length`); a row's path matches itself and every path under it.
 */
export interface ReplacementRule {
    /** The Pulumi types the row applies to; `kubernetes:*` is every Kubernetes object. */
    types: readonly string[];
    /** Input paths whose change replaces the resource. */
    paths: readonly string[];
    /** When the row applies: always, or only while the stack's Kubernetes provider leaves the kind's objects immutable. */
    when?: "configMapsImmutable" | "secretsImmutable";
    /** Whether a replacement by this row fails the upgrade check: a generation marker is replaced on purpose. */
    guarded: boolean;
    source: string;
}

const DIFF_GO = "pulumi-kubernetes provider/pkg/provider/diff.go";

export const REPLACEMENT_RULES: readonly ReplacementRule[] = [
    { types: ["kubernetes:*"], paths: ["metadata.name", "metadata.namespace"], guarded: true, source: `${DIFF_GO} metadataForceNewProperties(".metadata"), added for every kind in forceNewProperties` },
    {
        types: ["kubernetes:apps/v1:StatefulSet"],
        paths: ["spec.podManagementPolicy", "spec.revisionHistoryLimit", "spec.selector", "spec.serviceName", "spec.volumeClaimTemplates"],
        guarded: true,
        source: `${DIFF_GO} var statefulSet (forceNew["apps"]["v1"]["StatefulSet"]), with labelSelectorForceNewProperties(".spec.selector")`,
    },
    { types: ["kubernetes:apps/v1:Deployment"], paths: ["spec.selector"], guarded: true, source: `${DIFF_GO} var deployment (forceNew["apps"]["v1"]["Deployment"])` },
    { types: ["kubernetes:apps/v1:DaemonSet"], paths: ["spec.selector"], guarded: true, source: `${DIFF_GO} var daemonset (forceNew["apps"]["v1"]["DaemonSet"])` },
    { types: ["kubernetes:batch/v1:Job"], paths: ["spec.completions", "spec.parallelism", "spec.selector", "spec.template"], guarded: true, source: `${DIFF_GO} var job (forceNew["batch"]["v1"]["Job"])` },
    {
        types: ["kubernetes:core/v1:PersistentVolumeClaim"],
        paths: ["spec.accessModes", "spec.selector", "spec.storageClassName", "spec.volumeName"],
        guarded: true,
        source: `${DIFF_GO} core["v1"]["PersistentVolumeClaim"]`,
    },
    { types: ["kubernetes:core/v1:Service"], paths: ["spec.clusterIP"], guarded: true, source: `${DIFF_GO} core["v1"]["Service"] (.spec.clusterIP only: a changed .spec.type is an update)` },
    { types: ["kubernetes:core/v1:Secret"], paths: ["type"], guarded: true, source: `${DIFF_GO} core["v1"]["Secret"], and the Secret branch of forceNewProperties` },
    {
        types: ["kubernetes:core/v1:Secret"],
        paths: ["data", "stringData"],
        when: "secretsImmutable",
        guarded: true,
        source: `${DIFF_GO} forceNewProperties: .type, .stringData, .data while !enableSecretMutable || clients.IsImmutable(obj)`,
    },
    {
        types: ["kubernetes:core/v1:ConfigMap"],
        paths: ["binaryData", "data"],
        when: "configMapsImmutable",
        guarded: true,
        source: `${DIFF_GO} forceNewProperties: .binaryData, .data while !enableConfigMapMutable || clients.IsImmutable(obj)`,
    },
    { types: ["kubernetes:core/v1:ResourceQuota"], paths: ["spec.scopes"], guarded: true, source: `${DIFF_GO} core["v1"]["ResourceQuota"]` },
    {
        types: ["kubernetes:rbac.authorization.k8s.io/v1:RoleBinding", "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding"],
        paths: ["roleRef"],
        guarded: true,
        source: `${DIFF_GO} var roleBinding (forceNew["rbac.authorization.k8s.io"]["v1"])`,
    },
    { types: ["kubernetes:storage.k8s.io/v1:StorageClass"], paths: ["parameters", "provisioner"], guarded: true, source: `${DIFF_GO} forceNew["storage.k8s.io"]["v1"]["StorageClass"]` },
    { types: ["kubernetes:policy/v1beta1:PodDisruptionBudget"], paths: ["spec"], guarded: true, source: `${DIFF_GO} forceNew["policy"]["v1beta1"] (policy/v1, which the program uses, has no row)` },
    {
        types: ["kubernetes:core/v1:Pod"],
        paths: ["spec"],
        guarded: true,
        source: `${DIFF_GO} core["v1"]["Pod"] (most of .spec and containerForceNewProperties; the program makes no bare Pod, so the row takes all of spec)`,
    },
    {
        types: ["random:index/randomPassword:RandomPassword"],
        paths: ["keepers", "length", "special", "upper", "lower", "number", "numeric", "minNumeric", "minUpper", "minLower", "minSpecial", "overrideSpecial"],
        guarded: true,
        source: "terraform-provider-random internal/provider/resource_password.go passwordSchemaV3: RequiresReplace on every input (keepers: RequiresReplaceIfValuesNotNull; override_special: unless empty string to null)",
    },
    {
        types: ["random:index/randomUuid:RandomUuid"],
        paths: ["keepers"],
        guarded: false,
        source: "terraform-provider-random internal/provider/resource_uuid.go: keepers RequiresReplaceIfValuesNotNull; a generation marker is replaced to roll its pods, which is its purpose",
    },
    {
        types: ["pulumi:providers:kubernetes"],
        paths: ["kubeconfig", "context", "cluster", "clusterIdentifier", "renderYamlToDirectory"],
        guarded: true,
        source:
            "pulumi-kubernetes provider/pkg/provider/provider.go DiffConfig: clusterIdentifier (line 491), renderYamlToDirectory (line 535), a computed or changed active cluster from kubeconfig/context/cluster (lines 508, 557); a replaced provider replaces every resource it serves (step_generator.go providerChanged)",
    },
];

function typeMatches(pattern: string, type: string): boolean {
    return pattern.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

/** A row's path matches an input path when it is that path or a prefix of it at a dot. */
export function pathCovers(rule: string, path: string): boolean {
    return path === rule || path.startsWith(`${rule}.`) || rule.startsWith(`${path}.`);
}

/** What the provider serving a resource sets that the rows depend on. */
export interface ProviderFacts {
    configMapsMutable: boolean;
    secretsMutable: boolean;
}

/**
 * The rows a change of `paths` on a resource of `type` hits, with the path that hit each. An
 * object marked `immutable` keeps its data replace-on-change whatever the provider sets.
 */
export function replacementsOf(type: string, paths: readonly string[], provider: ProviderFacts, immutable: boolean): { rule: ReplacementRule; path: string }[] {
    const hits: { rule: ReplacementRule; path: string }[] = [];
    for (const rule of REPLACEMENT_RULES) {
        if (!rule.types.some((t) => typeMatches(t, type))) continue;
        if (rule.when === "configMapsImmutable" && provider.configMapsMutable && !immutable) continue;
        if (rule.when === "secretsImmutable" && provider.secretsMutable && !immutable) continue;
        for (const path of paths) {
            if (rule.paths.some((p) => pathCovers(p, path))) {
                hits.push({ rule, path });
                break;
            }
        }
    }
    return hits;
}
