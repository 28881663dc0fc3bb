import { teamRulesRbac, teamRulesScriptConfigMap } from "./team-rules";
import * as k8s from "@pulumi/kubernetes";
import { withWorkloadHatch } from "../common/workload-hatch";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { MetricsSettings } from "../../config";
import { prometheusConfigMap, ruleFilesConfigMap } from "./config-maps";
import { etcdClientSecret } from "./etcd-secret";
import { remoteWriteSecret } from "./remote-write-secret";
import { remoteWriteEnv } from "./remote-write-env";
import { remoteWriteSecretName } from "./layout";
import { envSecretKeys, secretGeneration } from "../common/secret-generation";
import { ingress, prometheusHttpRoute } from "./ingress";
import { generatedWebPasswordArgs, passwordGenerationArgs } from "../common/web-password";
import { webSecret } from "./web-config";
import { podSecurityLevel } from "../../validate/pod-security";
import { admissionWarnings, metricsNamespaceWorkloads, metricsServerPodSecurity, namespacePodSecurity, podSecurityWarnings } from "./namespace";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { MonitoringComponent } from "../common/monitoring-component";
import {
    clusterRole,
    clusterRoleBinding,
    configRole,
    configRoleBinding,
    discoveryRoleBindings,
    discoveryRoles,
    serviceAccount,
} from "./rbac";
import { headlessService, inClusterUrl } from "./service";
import { discoveryNamespaces } from "./discovery";
import { PrometheusInputs } from "./inputs";
import { etcdEndpoints, etcdService } from "../control-plane/etcd-scrape-job";
import { prometheusDisruptionBudget, statefulSet } from "./statefulset";
import { metricsWarnings } from "./warnings";
import { nfsPersistentVolume } from "../storage";

export interface PrometheusArgs extends PrometheusInputs {
    settings: MetricsSettings;
    namespaces: NamespaceReadiness;
}

/**
 * Prometheus in a StatefulSet with its RBAC, discovery Roles, config, storage and optional
 * Ingress (docs/design.md#metrics-server). Every object comes from a pure builder; this class only registers them.
 */
/**
 * The type token existing stacks hold in their state: it is part of the URN of this component and
 * of every child. The class took its product's name; the token stays, so no stack sees a replace
 * (tests/resource-snapshot.test.ts compares every URN with the recorded snapshot).
 */
export const PROMETHEUS_TYPE = "cluster-monitoring:monitoring:MetricsServer";

export class Prometheus extends MonitoringComponent {
    public readonly namespace: pulumi.Output<string>;
    public readonly serviceName: pulumi.Output<string>;
    public readonly inClusterUrl: pulumi.Output<string>;
    public readonly externalUrl: pulumi.Output<string>;
    /** The basic-auth user and its generated password (a Pulumi secret) while metrics.web.basicAuth is set. */
    public readonly webUser?: pulumi.Output<string>;
    public readonly webPassword?: pulumi.Output<string>;
    /** Changes whenever webPassword is replaced; not secret (components/common/web-password.ts). */
    public readonly webPasswordGeneration?: pulumi.Output<string>;

    constructor(name: string, args: PrometheusArgs, opts?: pulumi.ComponentResourceOptions) {
        super(PROMETHEUS_TYPE, name, args.namespaces, opts);
        const s = args.settings;
        const jobs = args.scrapeJobs;

        for (const warning of metricsWarnings(s)) {
            pulumi.log.warn(warning, this);
        }
        // docs/design.md#pod-security-levels: the namespace's enforce label covers every workload the
        // program puts there; warn when one relaxes it, or when the built pod exceeds it.
        const workloads = metricsNamespaceWorkloads(s, args.namespaceWorkloads);
        const enforced = namespacePodSecurity(workloads);
        // metrics.extra (docs/escape-hatches.md): checked against the built pod before any resource (stack/workload-hatches.ts).
        // The remote-write Secret's keys that Prometheus reads from its environment (sigv4, Azure AD): their generation rolls the pods.
        const remoteWriteArgs = remoteWriteSecret(s);
        const remoteWriteEnvKeys = envSecretKeys(remoteWriteEnv(s), remoteWriteSecretName(s));
        const remoteWriteGeneration = remoteWriteArgs && remoteWriteEnvKeys.length > 0 ? secretGeneration(`${name}-remote-write`, remoteWriteArgs, this, remoteWriteEnvKeys) : undefined;
        const sts = withWorkloadHatch(statefulSet(s, args, remoteWriteGeneration), s.name, s.extra);
        const built = [{ name: workloads[0].name, level: podSecurityLevel((sts.spec as any).template.spec).level }];
        if (s.createNamespace) {
            for (const warning of [
                ...podSecurityWarnings(s.namespace, metricsServerPodSecurity(s), workloads),
                ...admissionWarnings(s.namespace, enforced, built),
            ]) {
                pulumi.log.warn(warning, this);
            }
        }

        const inNamespace = this.inNamespace(s.namespace);

        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, serviceAccount(s), inNamespace);
        const role = new k8s.rbac.v1.ClusterRole(`${name}-cluster-role`, clusterRole(s, jobs), this.clusterScoped());
        new k8s.rbac.v1.ClusterRoleBinding(`${name}-cluster-role-binding`, clusterRoleBinding(s), this.clusterScoped(role, account));
        const cfgRole = new k8s.rbac.v1.Role(`${name}-config-role`, configRole(s), inNamespace);
        new k8s.rbac.v1.RoleBinding(`${name}-config-role-binding`, configRoleBinding(s), this.inNamespace(s.namespace, cfgRole, account));
        const discoveryNs = discoveryNamespaces(s, jobs, args.alertmanager);
        // Each discovery Role lives in the namespace it discovers, which may be another one the program creates.
        const roles = discoveryRoles(s, jobs, args.alertmanager).map((r, i) => new k8s.rbac.v1.Role(`${name}-discovery-role-${discoveryNs[i]}`, r, this.inNamespace(discoveryNs[i])));
        discoveryRoleBindings(s, jobs, args.alertmanager).forEach(
            (b, i) => new k8s.rbac.v1.RoleBinding(`${name}-discovery-role-binding-${discoveryNs[i]}`, b, this.inNamespace(discoveryNs[i], roles[i], account)),
        );

        const config = new k8s.core.v1.ConfigMap(`${name}-config`, prometheusConfigMap(s, args), inNamespace);
        const rules = new k8s.core.v1.ConfigMap(`${name}-rule-files`, ruleFilesConfigMap(s, args.ruleFiles), inNamespace);
        const teamScriptArgs = teamRulesScriptConfigMap(s);
        const teamScript = teamScriptArgs ? [new k8s.core.v1.ConfigMap(`${name}-team-rules-script`, teamScriptArgs, inNamespace)] : [];
        // Named `${name}-team-rules-<kind>[-<namespace>]`, written out per kind so tests/name-collisions.test.ts finds each constructor.
        for (const { kind, object } of teamRulesRbac(s)) {
            const ns = (object.metadata as { namespace?: string }).namespace;
            const opts = ns ? this.inNamespace(ns, account) : this.clusterScoped(account);
            if (kind === "Role") new k8s.rbac.v1.Role(`${name}-team-rules-role-${ns}`, object as unknown as k8s.rbac.v1.RoleArgs, opts);
            else if (kind === "RoleBinding") new k8s.rbac.v1.RoleBinding(`${name}-team-rules-rolebinding-${ns}`, object as unknown as k8s.rbac.v1.RoleBindingArgs, opts);
            else if (kind === "ClusterRole") new k8s.rbac.v1.ClusterRole(`${name}-team-rules-clusterrole`, object as unknown as k8s.rbac.v1.ClusterRoleArgs, opts);
            else new k8s.rbac.v1.ClusterRoleBinding(`${name}-team-rules-clusterrolebinding`, object as unknown as k8s.rbac.v1.ClusterRoleBindingArgs, opts);
        }
        const volumeArgs = nfsPersistentVolume(s.name, s.storage);
        const volume = volumeArgs ? [new k8s.core.v1.PersistentVolume(`${name}-volume`, volumeArgs, this.clusterScoped())] : [];
        const service = new k8s.core.v1.Service(`${name}-service`, headlessService(s), inNamespace);

        const secretArgs = etcdClientSecret(s);
        const secret = secretArgs
            ? [new k8s.core.v1.Secret(`${name}-etcd-client-cert`, secretArgs, inNamespace)]
            : [];
        // The provider computes the bcrypt hash too, so the program needs no bcrypt, and the hash
        // (salted afresh by every bcrypt run) stays the same from one `pulumi up` to the next.
        const generated = s.web?.basicAuth
            ? new random.RandomPassword(`${name}-web-password`, generatedWebPasswordArgs(), { parent: this, additionalSecretOutputs: ["result", "bcryptHash"] })
            : undefined;
        const webArgs = webSecret(s, generated ? { password: generated.result, bcryptHash: generated.bcryptHash } : undefined);
        if (webArgs) {
            secret.push(new k8s.core.v1.Secret(`${name}-web`, webArgs, inNamespace));
        }
        if (remoteWriteArgs) {
            secret.push(new k8s.core.v1.Secret(`${name}-remote-write`, remoteWriteArgs, inNamespace));
        }

        new k8s.apps.v1.StatefulSet(`${name}-statefulset`, sts, this.inNamespace(s.namespace, account, config, rules, ...teamScript, service, ...volume, ...secret));
        const budget = prometheusDisruptionBudget(s);
        if (budget) {
            new k8s.policy.v1.PodDisruptionBudget(`${name}-disruption-budget`, budget, inNamespace);
        }

        const etcdServiceArgs = etcdService(s);
        const etcdEndpointsArgs = etcdEndpoints(s);
        if (etcdServiceArgs && etcdEndpointsArgs) {
            new k8s.core.v1.Service(`${name}-etcd-service`, etcdServiceArgs, this.inNamespace(s.etcd.serviceNamespace));
            new k8s.core.v1.Endpoints(`${name}-etcd-endpoints`, etcdEndpointsArgs, this.inNamespace(s.etcd.serviceNamespace));
        }

        const ingressArgs = ingress(s);
        if (ingressArgs) {
            new k8s.networking.v1.Ingress(`${name}-ingress`, ingressArgs, this.inNamespace(s.namespace, service));
        }
        const routeArgs = prometheusHttpRoute(s);
        if (routeArgs) {
            new k8s.apiextensions.CustomResource(`${name}-http-route`, routeArgs, this.inNamespace(s.namespace, service));
        }

        this.namespace = pulumi.output(s.namespace);
        this.serviceName = service.metadata.name;
        this.inClusterUrl = pulumi.output(inClusterUrl(s));
        this.externalUrl = pulumi.output(s.externalUrl);
        if (generated && s.web?.basicAuth) {
            this.webUser = pulumi.output(s.web.basicAuth.username);
            this.webPassword = pulumi.secret(generated.result);
            this.webPasswordGeneration = new random.RandomUuid(`${name}-web-password-generation`, passwordGenerationArgs(generated.result), { parent: this }).result;
        }
        this.registerOutputs({
            namespace: this.namespace,
            serviceName: this.serviceName,
            inClusterUrl: this.inClusterUrl,
            externalUrl: this.externalUrl,
            ...(this.webPassword ? { webUser: this.webUser, webPassword: this.webPassword } : {}),
        });
    }
}
