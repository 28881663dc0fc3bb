import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../config";
import { nfsPersistentVolume } from "../storage";
import { ownServiceAccount } from "../common/own-service-account";
import { searchStoreLabels } from "./layout";
import { searchStoreService, searchStoreUrl } from "./service";
import { searchStoreStatefulSet } from "./statefulset";

export interface SearchStoreArgs {
    settings: SearchStoreSettings;
    /** The Namespace the log agent's component creates, which the store shares. */
    namespaceReady?: pulumi.Resource;
}

/**
 * A single-node Elasticsearch for the log agent, for clusters without a search store of their
 * own. Dev-grade: one node, no authentication, no TLS (docs/design.md#in-cluster-search-store).
 */
export class SearchStore extends pulumi.ComponentResource {
    public readonly serviceName: pulumi.Output<string>;
    public readonly url: pulumi.Output<string>;

    constructor(name: string, args: SearchStoreArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:SearchStore", name, {}, opts);
        const s = args.settings;

        const volumeArgs = nfsPersistentVolume(s.name, s.storage);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, { parent: this })] : [];
        const ready = args.namespaceReady ? [args.namespaceReady] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, searchStoreService(s), { parent: this, dependsOn: ready });
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, ownServiceAccount(s.name, s.namespace, searchStoreLabels(s)), { parent: this, dependsOn: ready });
        new k8s.apps.v1.StatefulSet(`${name}-statefulset`, searchStoreStatefulSet(s), {
            parent: this,
            dependsOn: [service, account, ...volume, ...ready],
        });

        this.serviceName = service.metadata.name;
        this.url = pulumi.output(searchStoreUrl(s));
        this.registerOutputs({ serviceName: this.serviceName, url: this.url });
    }
}
