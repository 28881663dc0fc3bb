import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { MonitoringComponent } from "../common/monitoring-component";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { pushgatewayDeployment } from "./deployment";
import { PUSHGATEWAY_COMPONENT } from "./layout";
import { pushgatewayService, pushUrl } from "./service";
import { pushgatewayServiceAccount } from "./service-account";
import { PushgatewaySettings } from "./settings";

export interface PushgatewayArgs {
    settings: PushgatewaySettings;
    namespaces: NamespaceReadiness;
}

/** The Pushgateway batch jobs push to and Prometheus scrapes (docs/pushgateway.md): only what its pure builders return. */
export class Pushgateway extends MonitoringComponent {
    /** Where batch jobs push: http://<name>.<namespace>.svc:9091. */
    public readonly pushUrl: pulumi.Output<string>;

    constructor(name: string, args: PushgatewayArgs, opts?: pulumi.ComponentResourceOptions) {
        super(PUSHGATEWAY_COMPONENT, name, args.namespaces, opts);
        const p = args.settings;
        const inNamespace = this.inNamespace(p.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, pushgatewayServiceAccount(p), inNamespace);
        new k8s.core.v1.Service(`${name}-service`, pushgatewayService(p), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, pushgatewayDeployment(p), this.inNamespace(p.namespace, account));
        this.pushUrl = pulumi.output(pushUrl(p));
        this.registerOutputs({ pushUrl: this.pushUrl });
    }
}
