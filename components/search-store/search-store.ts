import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { generatedWebPasswordArgs, passwordGenerationArgs } from "../common/web-password";
import { openSearchCredentialsSecret } from "./opensearch/credentials";
import { settingsConfigMap } from "./opensearch/settings-config-map";
import { SearchStoreSettings } from "../../config";
import { Kibana } from "./kibana";
import { IndexTemplate } from "./index-template";
import { LogRetention } from "./log-retention";
import { nfsPersistentVolume } from "../storage";
import { searchStoreServiceAccount } from "./service-account";
import { searchStoreService, searchStoreUrl } from "./service";
import { storeStatefulSet } from "./store-workload";
import { exporterDeployment, exporterService, exporterServiceAccount } from "./exporter";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";

export interface SearchStoreArgs {
    settings: SearchStoreSettings;
    namespaces: NamespaceReadiness;
}

/**
 * A single-node store for the log agent, for clusters without a search store of their own:
 * Elasticsearch OSS 7.10.2 (end-of-life; dev-grade: no authentication, no TLS,
 * docs/design.md#in-cluster-search-store) or OpenSearch, with TLS from the stack's own Secret and
 * a generated password (docs/log-store.md).
 */
export class SearchStore extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;
    public readonly url: pulumi.Output<string>;
    /** The in-cluster OpenSearch's generated password (user admin), a secret; undefined for Elasticsearch OSS. */
    public readonly password?: pulumi.Output<string>;
    /** The generation of the in-cluster OpenSearch's agent password, for the log agent that reads it at start; undefined for Elasticsearch OSS. */
    public readonly agentPasswordGeneration?: pulumi.Output<string>;
    /** Kibana's in-cluster URL, or undefined when searchStore.kibana.enabled is false. */
    public readonly kibanaUrl?: pulumi.Output<string>;

    constructor(name: string, args: SearchStoreArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:SearchStore", name, args.namespaces, opts);
        const s = args.settings;

        const volumeArgs = nfsPersistentVolume(s.name, s.storage);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, this.clusterScoped())] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, searchStoreService(s), this.inNamespace(s.namespace));
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, searchStoreServiceAccount(s), this.inNamespace(s.namespace));
        // OpenSearch: a generated password (its bcrypt hash for the security plugin), the settings files, the stack's TLS Secret.
        const password = (what: string) =>
            new random.RandomPassword(`${name}-${what}`, generatedWebPasswordArgs(), { parent: this, additionalSecretOutputs: ["result", "bcryptHash"] });
        const generated = s.kind === "opensearch" ? { admin: password("password"), agent: password("agent-password"), exporter: password("exporter-password") } : undefined;
        const openSearchParts = generated
            ? [
                  new k8s.core.v1.Secret(
                      `${name}-credentials`,
                      openSearchCredentialsSecret(
                          s,
                          { password: generated.admin.result, bcryptHash: generated.admin.bcryptHash },
                          { password: generated.agent.result, bcryptHash: generated.agent.bcryptHash },
                          { password: generated.exporter.result, bcryptHash: generated.exporter.bcryptHash },
                      ),
                      this.inNamespace(s.namespace),
                  ),
                  new k8s.core.v1.ConfigMap(`${name}-settings`, settingsConfigMap(s), this.inNamespace(s.namespace)),
              ]
            : [];
        const store = new k8s.apps.v1.StatefulSet(
            `${name}-statefulset`,
            storeStatefulSet(s),
            this.inNamespace(s.namespace, service, account, ...volume, ...openSearchParts),
        );
        this.password = generated ? pulumi.secret(generated.admin.result) : undefined;
        // Kibana and the retention CronJob talk to the store, so they wait for it (and through it, for its namespace).
        const around = [store, service, ...openSearchParts];
        // The exporter's password's generation: when it is replaced, the store-setup Job puts the user again and the exporter restarts onto it.
        const exporterPasswordGeneration = generated
            ? new random.RandomUuid(`${name}-exporter-password-generation`, passwordGenerationArgs(generated.exporter.result), { parent: this }).result
            : undefined;
        new IndexTemplate(`${name}-index-template`, { settings: s, dependsOn: around, exporterPasswordGeneration }, { parent: this });
        // Dashboards and the log agent read theirs from the environment too, at start: each rolls when its own password is replaced, not the others'.
        const adminPasswordGeneration =
            generated && s.kibana.enabled ? new random.RandomUuid(`${name}-password-generation`, passwordGenerationArgs(generated.admin.result), { parent: this }).result : undefined;
        this.agentPasswordGeneration = generated
            ? new random.RandomUuid(`${name}-agent-password-generation`, passwordGenerationArgs(generated.agent.result), { parent: this }).result
            : undefined;
        this.kibanaUrl = s.kibana.enabled ? new Kibana(`${name}-kibana`, { settings: s, dependsOn: around, adminPasswordGeneration }, { parent: this }).url : undefined;
        if (s.retention.enabled) {
            new LogRetention(`${name}-retention`, { settings: s, dependsOn: around }, { parent: this });
        }
        if (s.exporter.enabled) {
            const exporterAccount = new k8s.core.v1.ServiceAccount(`${name}-exporter-service-account`, exporterServiceAccount(s), this.inNamespace(s.namespace));
            new k8s.core.v1.Service(`${name}-exporter-service`, exporterService(s), this.inNamespace(s.namespace));
            new k8s.apps.v1.Deployment(`${name}-exporter-deployment`, exporterDeployment(s, exporterPasswordGeneration), this.inNamespace(s.namespace, exporterAccount, ...around));
        }

        this.serviceName = service.metadata.name;
        this.url = pulumi.output(searchStoreUrl(s));
        this.registerOutputs({ serviceName: this.serviceName, url: this.url, kibanaUrl: this.kibanaUrl, password: this.password });
    }
}
