import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { BlackboxExporterSettings } from "../../config";
import { MonitoringComponent } from "../common/monitoring-component";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { blackboxConfigMap, blackboxDeployment, blackboxService, blackboxServiceAccount } from "./objects";

export interface BlackboxExporterArgs {
    settings: BlackboxExporterSettings;
    namespaces: NamespaceReadiness;
}

/** The blackbox exporter that the probe jobs send their probes through (docs/monitor-your-app.md#probes). */
export class BlackboxExporter extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;

    constructor(name: string, args: BlackboxExporterArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:BlackboxExporter", name, args.namespaces, opts);
        const b = args.settings;
        const inNamespace = this.inNamespace(b.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, blackboxServiceAccount(b), inNamespace);
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, blackboxConfigMap(b), inNamespace);
        const service = new k8s.core.v1.Service(`${name}-service`, blackboxService(b), inNamespace);
        new k8s.apps.v1.Deployment(`${name}-deployment`, blackboxDeployment(b), this.inNamespace(b.namespace, account, config));
        this.serviceName = service.metadata.name;
        this.registerOutputs({ serviceName: this.serviceName });
    }
}
