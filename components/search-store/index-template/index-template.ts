import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../../config";
import { indexTemplateJob, indexTemplateScriptConfigMap, indexTemplateServiceAccount } from "./job";

export interface IndexTemplateArgs {
    settings: SearchStoreSettings;
    /** The store the Job writes the template to. */
    dependsOn: pulumi.Resource[];
    /** OpenSearch: the exporter's password generation, whose change makes the Job put the exporter's user again. */
    exporterPasswordGeneration?: pulumi.Input<string>;
}

/**
 * The log indices' template in the in-cluster store: as many replicas as its nodes can place,
 * so a one-node store is green (docs/log-agent.md#replicas-of-the-log-indices).
 */
export class IndexTemplate extends pulumi.ComponentResource {
    constructor(name: string, args: IndexTemplateArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:IndexTemplate", name, {}, opts);
        const s = args.settings;
        const inside = { parent: this, dependsOn: args.dependsOn };
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, indexTemplateServiceAccount(s), inside);
        const script = new k8s.core.v1.ConfigMap(`${name}-script`, indexTemplateScriptConfigMap(s), inside);
        new k8s.batch.v1.Job(`${name}-job`, indexTemplateJob(s, args.exporterPasswordGeneration), { parent: this, dependsOn: [...args.dependsOn, account, script] });
        this.registerOutputs({});
    }
}
