import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { LogAgentSettings } from "./agent-settings";
import { agentConfigMap } from "./config-map";
import { credentialsSecret } from "./credentials-secret";
import { daemonSet } from "./daemonset";
import { METRICS_PORT } from "./layout";
import { clusterRole, clusterRoleBinding, serviceAccount } from "./rbac";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import { secretGeneration, secretGenerationAnnotations } from "../common/secret-generation";
import { credentialsAnnotations } from "../common/web-password";

export interface LogAgentArgs {
    settings: LogAgentSettings;
    namespaces: NamespaceReadiness;
    /** The generation of the in-cluster OpenSearch's agent password, while the agent reads it from the store's Secret (logs.search.inClusterStore). */
    storeAgentPasswordGeneration?: pulumi.Input<string>;
}

/**
 * fluentd on every node, shipping container and node logs to Elasticsearch (docs/design.md#log-agent), with its
 * RBAC, config and optional credentials Secret. Every object comes from a pure builder; this
 * class only registers them.
 */
export class LogAgent extends MonitoringComponent {
    public readonly namespace: pulumi.Output<string>;
    public readonly daemonSetName: pulumi.Output<string>;
    public readonly configMapName: pulumi.Output<string>;
    public readonly serviceAccountName: pulumi.Output<string>;
    public readonly metricsPort: pulumi.Output<number>;
    public readonly searchUrl: pulumi.Output<string>;

    constructor(name: string, args: LogAgentArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:LogAgent", name, args.namespaces, opts);
        const s = args.settings;
        const inNamespace = this.inNamespace(s.namespace);

        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, serviceAccount(s), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, clusterRole(s), this.clusterScoped());
        new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, clusterRoleBinding(s), this.clusterScoped(role, account));
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, agentConfigMap(s), inNamespace);

        const secretArgs = credentialsSecret(s);
        const secret = secretArgs ? [new k8s.core.v1.Secret(`${name}-search-credentials`, secretArgs, inNamespace)] : [];
        // The agent reads its password from its own Secret or the store's (agentEnv), at start: a changed one rolls the agents.
        const annotations = s.search.inClusterStore
            ? credentialsAnnotations({ searchStoreAgent: args.storeAgentPasswordGeneration })
            : secretGenerationAnnotations({ logAgentSearchCredentials: secretArgs ? secretGeneration(`${name}-search-credentials`, secretArgs, this) : undefined });

        // Pods that start before their ConfigMap or Secret exist fail to mount or to start.
        const ds = new k8s.apps.v1.DaemonSet(`${name}-daemonset`, daemonSet(s, annotations), this.inNamespace(s.namespace, account, role, config, ...secret));

        this.namespace = pulumi.output(s.namespace);
        this.daemonSetName = ds.metadata.name;
        this.configMapName = config.metadata.name;
        this.serviceAccountName = account.metadata.name;
        this.metricsPort = pulumi.output(METRICS_PORT.number);
        const host = s.search.host.includes(":") ? `[${s.search.host}]` : s.search.host;
        this.searchUrl = pulumi.output(`${s.search.scheme}://${host}:${s.search.port}`);
        this.registerOutputs({
            namespace: this.namespace,
            daemonSetName: this.daemonSetName,
            configMapName: this.configMapName,
            serviceAccountName: this.serviceAccountName,
            metricsPort: this.metricsPort,
            searchUrl: this.searchUrl,
        });
    }
}
