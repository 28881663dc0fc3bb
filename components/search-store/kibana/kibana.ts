import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../../config";
import { kibanaService, kibanaServiceAccount } from "./deployment";
import { kibanaWorkload } from "./workload";
import { indexPatternJob, indexPatternScriptConfigMap, indexPatternServiceAccount } from "./index-pattern-job";
import { kibanaUrl } from "./layout";
import { kibanaHttpRoute } from "./gateway";
import { KIBANA_KEY, routeAuthWarnings } from "../../../config";

export interface KibanaArgs {
    settings: SearchStoreSettings;
    /** The store Kibana reads; the index pattern Job waits for it through Kibana. */
    dependsOn: pulumi.Resource[];
    /** The generation of the in-cluster OpenSearch's admin password, which Dashboards reads at start. */
    adminPasswordGeneration?: pulumi.Input<string>;
}

/** Kibana OSS (or OpenSearch Dashboards) for the in-cluster store, and the Job that provisions its index pattern (docs/log-agent.md#kibana). */
export class Kibana extends pulumi.ComponentResource {
    public readonly url: pulumi.Output<string>;

    constructor(name: string, args: KibanaArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:logging:Kibana", name, {}, opts);
        const s = args.settings;
        const inside = { parent: this, dependsOn: args.dependsOn };
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, kibanaServiceAccount(s), inside);
        const service = new k8s.core.v1.Service(`${name}-service`, kibanaService(s), inside);
        const deployment = new k8s.apps.v1.Deployment(`${name}-deployment`, kibanaWorkload(s, args.adminPasswordGeneration), { parent: this, dependsOn: [...args.dependsOn, account] });

        const jobAccount = new k8s.core.v1.ServiceAccount(`${name}-index-pattern-service-account`, indexPatternServiceAccount(s), inside);
        const script = new k8s.core.v1.ConfigMap(`${name}-index-pattern-script`, indexPatternScriptConfigMap(s), inside);
        new k8s.batch.v1.Job(`${name}-index-pattern`, indexPatternJob(s), { parent: this, dependsOn: [...args.dependsOn, jobAccount, script, service, deployment] });

        // A public route says why at every preview and update; under proxy its backend is the auth gateway (components/search-store/component.ts).
        for (const warning of routeAuthWarnings(KIBANA_KEY, s.kibana.httpRoute)) {
            pulumi.log.warn(warning, this);
        }
        const route = kibanaHttpRoute(s);
        if (route) {
            new k8s.apiextensions.CustomResource(`${name}-http-route`, route, { parent: this, dependsOn: [service] });
        }
        this.url = pulumi.output(kibanaUrl(s));
        this.registerOutputs({ url: this.url });
    }
}
