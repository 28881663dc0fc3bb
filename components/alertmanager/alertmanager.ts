import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerServer } from "./replicas";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { ALERTMANAGER_KEY, AlertmanagerSettings, ingressAuthWarnings, routeAuthWarnings } from "../../config";
import { nfsPersistentVolume } from "../storage";
import { withWorkloadHatch } from "../common/workload-hatch";
import { alertmanagerHttpRoute, alertmanagerIngress } from "./ingress";
import { alertmanagerServiceAccount } from "./service-account";
import { alertmanagerConfigSecret } from "./config-secret";
import { alertmanagerService, alertmanagerUrl } from "./service";
import { alertmanagerDisruptionBudget, alertmanagerStatefulSet } from "./statefulset";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import { generatedWebPasswordArgs, passwordGenerationArgs } from "../common/web-password";
import { webSecret } from "./web-config";

export interface AlertmanagerArgs {
    settings: AlertmanagerServer;
    namespaces: NamespaceReadiness;
}

/** Alertmanager beside Prometheus (docs/alerting.md); Prometheus finds it through its Service. */
export class Alertmanager extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;
    public readonly inClusterUrl: pulumi.Output<string>;
    /** The basic-auth user and its generated password (a Pulumi secret) while alertmanager.web.basicAuth is set. */
    public readonly webUser?: pulumi.Output<string>;
    public readonly webPassword?: pulumi.Output<string>;
    /** Changes whenever webPassword is replaced; not secret (components/common/web-password.ts). */
    public readonly webPasswordGeneration?: pulumi.Output<string>;

    constructor(name: string, args: AlertmanagerArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:monitoring:Alertmanager", name, args.namespaces, opts);
        const a = args.settings;
        const inNamespace = this.inNamespace(a.namespace);
        const secret = new k8s.core.v1.Secret(`${name}-config`, alertmanagerConfigSecret(a), inNamespace);
        // As Prometheus' (components/prometheus): the provider computes the bcrypt hash, which stays the same from one run to the next.
        const generated = a.web?.basicAuth
            ? new random.RandomPassword(`${name}-web-password`, generatedWebPasswordArgs(), { parent: this, additionalSecretOutputs: ["result", "bcryptHash"] })
            : undefined;
        const webArgs = webSecret(a, generated ? { password: generated.result, bcryptHash: generated.bcryptHash } : undefined);
        const web = webArgs ? [new k8s.core.v1.Secret(`${name}-web`, webArgs, inNamespace)] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, alertmanagerService(a), inNamespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, alertmanagerServiceAccount(a), inNamespace);
        const volumeArgs = nfsPersistentVolume(a.name, a.storage);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, this.clusterScoped())] : [];
        new k8s.apps.v1.StatefulSet(`${name}-statefulset`, withWorkloadHatch(alertmanagerStatefulSet(a), "alertmanager", a.extra), this.inNamespace(a.namespace, secret, service, account, ...volume, ...web));
        const budget = alertmanagerDisruptionBudget(a);
        if (budget) {
            new k8s.policy.v1.PodDisruptionBudget(`${name}-disruption-budget`, budget, inNamespace);
        }
        // The UI's Ingress: it authenticates (alertmanager.ingress.auth); behind the auth gateway under proxy.
        for (const warning of [...ingressAuthWarnings(ALERTMANAGER_KEY, a.ingress), ...routeAuthWarnings(ALERTMANAGER_KEY, a.httpRoute)]) {
            pulumi.log.warn(warning, this);
        }
        const ingressArgs = alertmanagerIngress(a);
        if (ingressArgs) {
            new k8s.networking.v1.Ingress(`${name}-ingress`, ingressArgs, this.inNamespace(a.namespace, service));
        }
        const routeArgs = alertmanagerHttpRoute(a);
        if (routeArgs) {
            new k8s.apiextensions.CustomResource(`${name}-http-route`, routeArgs, this.inNamespace(a.namespace, service));
        }
        this.serviceName = service.metadata.name;
        this.inClusterUrl = pulumi.output(alertmanagerUrl(a));
        if (generated && a.web?.basicAuth) {
            this.webUser = pulumi.output(a.web.basicAuth.username);
            this.webPassword = pulumi.secret(generated.result);
            this.webPasswordGeneration = new random.RandomUuid(`${name}-web-password-generation`, passwordGenerationArgs(generated.result), { parent: this }).result;
        }
        this.registerOutputs({
            serviceName: this.serviceName,
            inClusterUrl: this.inClusterUrl,
            ...(this.webPassword ? { webUser: this.webUser, webPassword: this.webPassword } : {}),
        });
    }
}
