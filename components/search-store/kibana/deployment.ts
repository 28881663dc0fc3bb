import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../../config";
import { tokenlessServiceAccount } from "../../common/curl-job-pod";
import { noPrivileges } from "../../common/no-privileges";
import { containerResources } from "../../common/resources";
import { podPlacement } from "../../common/scheduling";
import { searchStoreUrl } from "../service";
import { KIBANA_PORT, KIBANA_UID, kibanaLabels } from "./layout";

/**
 * Kibana OSS beside the in-cluster store, on the store's scheduling settings. The official image
 * maps ELASTICSEARCH_HOSTS and SERVER_NAME to kibana.yml. Its root filesystem stays writable
 * (it writes its uuid under data/); everything else of the restricted profile applies.
 */
export function kibanaDeployment(s: SearchStoreSettings): k8s.types.input.apps.v1.Deployment {
    const labels = kibanaLabels(s);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: s.kibana.name, namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels },
                spec: {
                    serviceAccountName: s.kibana.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { runAsNonRoot: true, runAsUser: KIBANA_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: "kibana",
                            image: s.kibana.image,
                            imagePullPolicy: "IfNotPresent",
                            env: [
                                { name: "ELASTICSEARCH_HOSTS", value: searchStoreUrl(s) },
                                { name: "SERVER_NAME", value: s.kibana.name },
                            ],
                            resources: containerResources(s.kibana.resources),
                            ports: [{ containerPort: KIBANA_PORT.number, name: KIBANA_PORT.name, protocol: "TCP" }],
                            // /api/status answers 503 until Kibana reaches the store and has migrated its saved objects.
                            readinessProbe: { httpGet: { path: "/api/status", port: KIBANA_PORT.name }, initialDelaySeconds: 20, periodSeconds: 10, timeoutSeconds: 5 },
                            livenessProbe: { tcpSocket: { port: KIBANA_PORT.name }, initialDelaySeconds: 120, periodSeconds: 20, failureThreshold: 6 },
                            securityContext: { ...noPrivileges(), runAsNonRoot: true, runAsUser: KIBANA_UID },
                        },
                    ],
                },
            },
        },
    };
}

export function kibanaService(s: SearchStoreSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: s.kibana.name, namespace: s.namespace, labels: kibanaLabels(s) },
        spec: {
            type: "ClusterIP",
            selector: kibanaLabels(s),
            ports: [{ name: KIBANA_PORT.name, port: KIBANA_PORT.number, protocol: "TCP", targetPort: KIBANA_PORT.name }],
        },
    };
}

/** Kibana's own account, without a token: it talks to the store, never to the API server. */
export function kibanaServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return tokenlessServiceAccount(s.kibana.name, s.namespace, kibanaLabels(s));
}
