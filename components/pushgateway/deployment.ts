import * as k8s from "@pulumi/kubernetes";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { CONTAINER_NAME, HTTP_PORT, PERSISTENCE, PUSHGATEWAY_UID, pushgatewayLabels } from "./layout";
import { PushgatewaySettings } from "./settings";

/**
 * The flags of v1.11.3's main.go the gateway runs with. The admin API (wipe) and the lifecycle
 * API (quit) stay at their defaults, off: a pusher may push and delete its groups, nothing more.
 */
export function pushgatewayArgs(): string[] {
    return [
        `--web.listen-address=:${HTTP_PORT.number}`,
        `--persistence.file=${PERSISTENCE.file}`,
        `--persistence.interval=${PERSISTENCE.interval}`,
    ];
}

/**
 * One replica, replaced by Recreate: two gateways at once would each hold groups the other lacks,
 * and Prometheus would scrape both under the same labels (the job's targets carry no pod label).
 * Restricted Pod Security: uid 65534, no privileges, read-only root; the persistence file sits on
 * an emptyDir, so a container restart keeps what was pushed and a new pod starts empty
 * (docs/pushgateway.md#what-a-restart-keeps).
 */
export function pushgatewayDeployment(p: PushgatewaySettings): k8s.types.input.apps.v1.Deployment {
    const labels = pushgatewayLabels(p);
    const probe = (path: string) => ({ httpGet: { path, port: HTTP_PORT.name }, periodSeconds: 10, failureThreshold: 3 });
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: p.name, namespace: p.namespace, labels },
        spec: {
            replicas: 1,
            strategy: { type: "Recreate" },
            selector: { matchLabels: labels },
            template: {
                metadata: { labels },
                spec: {
                    serviceAccountName: p.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(p),
                    securityContext: { runAsNonRoot: true, runAsUser: PUSHGATEWAY_UID, runAsGroup: PUSHGATEWAY_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: CONTAINER_NAME,
                            image: p.image,
                            imagePullPolicy: "IfNotPresent",
                            args: pushgatewayArgs(),
                            ports: [{ name: HTTP_PORT.name, containerPort: HTTP_PORT.number, protocol: "TCP" }],
                            resources: containerResources(p.resources),
                            livenessProbe: probe("/-/healthy"),
                            readinessProbe: probe("/-/ready"),
                            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: PUSHGATEWAY_UID },
                            volumeMounts: [{ name: PERSISTENCE.volume, mountPath: PERSISTENCE.dir }],
                        },
                    ],
                    volumes: [{ name: PERSISTENCE.volume, emptyDir: {} }],
                },
            },
        },
    };
}
