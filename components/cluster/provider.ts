import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { ClusterSettings } from "../../config";

/**
 * The one Kubernetes provider of a stack. Every component receives it, so no resource can reach
 * the default provider, which would deploy to whatever context the kubeconfig has current.
 */
export function clusterProviderArgs(c: ClusterSettings): k8s.ProviderArgs {
    return {
        ...(c.context !== undefined ? { context: c.context } : {}),
        ...(c.kubeconfig !== undefined ? { kubeconfig: c.kubeconfig } : {}),
        ...MUTABLE_CONFIG_MAPS_AND_SECRETS,
    };
}

/**
 * A ConfigMap or Secret whose contents change is updated in place, under its fixed name, instead
 * of deleted and created again (docs/upgrading.md#configmaps-and-secrets-updated-in-place).
 *
 * Without these options the provider replaces both kinds on any change of their data, and since
 * their names are fixed, deletes before it creates: for a moment the object does not exist.
 * pulumi/pulumi-kubernetes, provider/pkg/provider (read at 94977969d, master of 2026-07-01, the
 * newest stored snapshot: its last tag is v4.32.0, and v4.34.2 itself was not available to
 * read; these functions are the same at v4.32.0 but for a lint comment):
 * - diff.go, forceNewProperties (lines 23-37): a Secret's `.type`, `.stringData` and `.data` are
 *   replace-on-change while `!k.enableSecretMutable` (line 28), a ConfigMap's `.binaryData` and
 *   `.data` while `!k.enableConfigMapMutable` (line 32), and either one always when it is
 *   `immutable` (the program sets that on none). With the option on, a Secret keeps only `.type`
 *   (core v1 "Secret", line 155). Diff (provider.go lines 1431-1677) takes these fields at line
 *   1565 and sets DeleteBeforeReplace only when something is to be replaced (line 1647).
 * - provider.go, Configure: the options are read from the provider's config variables
 *   `kubernetes:config:enableConfigMapMutable` (lines 696-710) and
 *   `kubernetes:config:enableSecretMutable` (lines 712-726); only the string "true" enables them,
 *   which is what the SDK sends for `true` (@pulumi/kubernetes 4.34.2, provider.js lines 64 and
 *   66: JSON.stringify of the boolean).
 * - provider.go, DiffConfig (lines 454-569): every changed provider input is listed as a diff
 *   (lines 528-529), and the provider is replaced only for a changed `renderYamlToDirectory`
 *   (line 533), a changed `clusterIdentifier` (line 490), a computed `kubeconfig`, `context` or
 *   `cluster` (line 507), or another active cluster in the kubeconfig (line 553). Neither option
 *   is among them: adding them, or changing them later, updates the provider in place, and no
 *   resource of the stack is replaced with it.
 */
export const MUTABLE_CONFIG_MAPS_AND_SECRETS = { enableConfigMapMutable: true, enableSecretMutable: true } as const satisfies k8s.ProviderArgs;

/**
 * The provider's arguments, each waiting for `gate`: the provider, and so every resource, is
 * registered only once the gate resolves, and fails with it. Each value keeps its own secretness.
 */
export function providerAfter(args: k8s.ProviderArgs, gate: pulumi.Output<unknown> | undefined): k8s.ProviderArgs {
    if (gate === undefined) {
        return args;
    }
    if (Object.keys(args).length === 0) {
        // Loaded settings always name a context or a kubeconfig (config/cluster.ts); without either, nothing would wait.
        throw new Error("the cluster provider has no argument to wait on");
    }
    return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, pulumi.all([gate, v]).apply(([, value]) => value)])) as k8s.ProviderArgs;
}
