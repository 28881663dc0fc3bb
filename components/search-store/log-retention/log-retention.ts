import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../../config";
import { retentionCronJob, retentionScriptConfigMap, retentionServiceAccount } from "./cronjob";

export interface LogRetentionArgs {
    settings: SearchStoreSettings;
    dependsOn: pulumi.Resource[];
}

/** Deletes log indices older than searchStore.retention.days from the in-cluster store (docs/log-agent.md#log-retention). */
export class LogRetention extends pulumi.ComponentResource {
    constructor(name: string, args: LogRetentionArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:LogRetention", name, {}, opts);
        const s = args.settings;
        const inside = { parent: this, dependsOn: args.dependsOn };
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, retentionServiceAccount(s), inside);
        const script = new k8s.core.v1.ConfigMap(`${name}-script`, retentionScriptConfigMap(s), inside);
        new k8s.batch.v1.CronJob(`${name}-cronjob`, retentionCronJob(s), { parent: this, dependsOn: [...args.dependsOn, account, script] });
        this.registerOutputs({});
    }
}
