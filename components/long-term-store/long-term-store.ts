import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { LongTermStoreServer } from "./server";
import { nfsPersistentVolume } from "../storage";
import { longTermStoreServiceAccount } from "./service-account";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import { secretGeneration } from "../common/secret-generation";
import { authKeyArgs, authKeySecret } from "./auth-keys";
import { AUTH_KEYS, longTermStoreUrl } from "./layout";
import { longTermStoreService } from "./service";
import { longTermStoreStatefulSet } from "./statefulset";
import { backupSecret } from "./backup";
import { isCentral, vmauthDeployment, vmauthIngress, vmauthSecret, vmauthService, vmauthServiceAccount } from "./vmauth";

export interface LongTermStoreArgs {
    settings: LongTermStoreServer;
    namespaces: NamespaceReadiness;
}

/**
 * The in-cluster VictoriaMetrics single-node server (docs/long-term-storage.md): every Prometheus
 * replica remote-writes to it without its replica label, and it keeps one deduplicated series
 * per target for longTermStore.retention. Its admin endpoints need the generated auth keys.
 */
export class LongTermStore extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;
    public readonly url: pulumi.Output<string>;
    /** A central store's write endpoint for its edges, through the Ingress, when longTermStore.ingress is set. */
    public readonly edgeUrl?: pulumi.Output<string>;

    constructor(name: string, args: LongTermStoreArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:LongTermStore", name, args.namespaces, opts);
        const s = args.settings;
        const inNamespace = this.inNamespace(s.namespace);
        // No keepers: a key changes only with `pulumi up --replace` on its resource.
        const keys = Object.fromEntries(
            AUTH_KEYS.map((k) => [k.secretKey, new random.RandomPassword(`${name}-${k.secretKey}`, authKeyArgs(), { parent: this, additionalSecretOutputs: ["result"] }).result]),
        );
        const secretArgs = authKeySecret(s, keys);
        const secret = new k8s.core.v1.Secret(`${name}-auth-keys`, secretArgs, inNamespace);
        // The store and vmauth read the auth keys from their environment at start, the backup sidecar the S3 keys too: a changed Secret rolls its readers.
        const authKeysGeneration = secretGeneration(`${name}-auth-keys`, secretArgs, this);
        const service = new k8s.core.v1.Service(`${name}-service`, longTermStoreService(s), inNamespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, longTermStoreServiceAccount(s), inNamespace);
        const volumeArgs = nfsPersistentVolume(s.name, s.storage);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, this.clusterScoped())] : [];
        const backupArgs = backupSecret(s);
        const backup = backupArgs ? [new k8s.core.v1.Secret(`${name}-backup`, backupArgs, inNamespace)] : [];
        const generations = { longTermStoreAuthKeys: authKeysGeneration, longTermStoreBackup: backupArgs ? secretGeneration(`${name}-backup`, backupArgs, this) : undefined };
        new k8s.apps.v1.StatefulSet(`${name}-statefulset`, longTermStoreStatefulSet(s, generations), this.inNamespace(s.namespace, secret, service, account, ...volume, ...backup));
        // A central store: vmauth takes the edges' writes, each bound to its cluster label.
        if (isCentral(s)) {
            const authConfig = new k8s.core.v1.Secret(`${name}-vmauth-config`, vmauthSecret(s), inNamespace);
            const authAccount = new k8s.core.v1.ServiceAccount(`${name}-vmauth-service-account`, vmauthServiceAccount(s), inNamespace);
            const authService = new k8s.core.v1.Service(`${name}-vmauth-service`, vmauthService(s), inNamespace);
            new k8s.apps.v1.Deployment(`${name}-vmauth`, vmauthDeployment(s, authKeysGeneration), this.inNamespace(s.namespace, authConfig, authAccount, service, secret));
            const ingress = vmauthIngress(s);
            if (ingress) {
                new k8s.networking.v1.Ingress(`${name}-vmauth-ingress`, ingress, this.inNamespace(s.namespace, authService));
            }
        }
        this.serviceName = service.metadata.name;
        this.url = pulumi.output(longTermStoreUrl(s));
        if (isCentral(s) && s.ingress) {
            this.edgeUrl = pulumi.output(`${s.ingress.tlsSecretName ? "https" : "http"}://${s.ingress.host}/api/v1/write`);
        }
        this.registerOutputs({ serviceName: this.serviceName, url: this.url, ...(this.edgeUrl ? { edgeUrl: this.edgeUrl } : {}) });
    }
}
