import { ALERTMANAGER_KEY, AuthenticatedIngressSettings, METRICS_KEY, SchedulingSettings, Settings } from "../config";
import { gatewayName, GatewayModel } from "../components/auth-gateway";
import { WEB_PORT as PROMETHEUS_WEB_PORT } from "../components/prometheus/layout";
import { WEB_PORT as ALERTMANAGER_WEB_PORT } from "../components/alertmanager/layout";
import { isReplicated } from "../components/common/replica-spread";
import { headlessService } from "../components/prometheus/service";
import { alertmanagerService } from "../components/alertmanager/service";

/** What a server puts in front of its Ingress, when its auth is proxy. */
interface Exposed {
    product: string;
    componentKey: string;
    name: string;
    namespace: string;
    replicas: number;
    ingress?: AuthenticatedIngressSettings;
    web?: { tls?: { secretName: string }; basicAuth?: { username: string } };
    port: number;
    /** The selector of the server's own Service. */
    podSelector: Record<string, string>;
    scheduling: SchedulingSettings;
}

/** The selector of a Service the program builds (a plain object, never an Output). */
function selectorOf(service: { spec?: unknown }): Record<string, string> {
    return { ...((service.spec as { selector: Record<string, string> }).selector) };
}

function model(e: Exposed): GatewayModel | undefined {
    const proxy = e.ingress?.auth?.proxy;
    if (e.ingress === undefined || proxy === undefined) {
        return undefined;
    }
    return {
        name: gatewayName(e.name),
        namespace: e.namespace,
        product: e.product,
        componentKey: e.componentKey,
        host: e.ingress.host,
        ingressTls: e.ingress.tlsSecretName !== undefined,
        proxy,
        replicas: proxy.replicas ?? (isReplicated(e.replicas) ? 2 : 1),
        upstream: {
            service: e.name,
            namespace: e.namespace,
            port: e.port,
            podSelector: e.podSelector,
            gateway: gatewayName(e.name),
            ...(e.web?.tls ? { tlsSecretName: e.web.tls.secretName } : {}),
            ...(e.web?.basicAuth ? { basicAuthUser: e.web.basicAuth.username } : {}),
        },
        scheduling: { nodeSelector: e.scheduling.nodeSelector, tolerations: e.scheduling.tolerations, priorityClassName: e.scheduling.priorityClassName },
    };
}

/** The auth gateway in front of Prometheus' Ingress, while metrics.ingress.auth is proxy. */
export function prometheusGatewayModel(s: Settings): GatewayModel | undefined {
    const m = s.metrics;
    return model({ product: "Prometheus", componentKey: METRICS_KEY, name: m.name, namespace: m.namespace, replicas: m.replicas, ingress: m.ingress, web: m.web, port: PROMETHEUS_WEB_PORT.number, podSelector: selectorOf(headlessService(m)), scheduling: m });
}

/** The auth gateway in front of Alertmanager's Ingress, while alertmanager.ingress.auth is proxy. */
export function alertmanagerGatewayModel(s: Settings): GatewayModel | undefined {
    const a = s.alertmanager;
    if (!a.enabled) {
        return undefined;
    }
    return model({ product: "Alertmanager", componentKey: ALERTMANAGER_KEY, name: a.name, namespace: a.namespace, replicas: a.replicas, ingress: a.ingress, web: a.web, port: ALERTMANAGER_WEB_PORT.number, podSelector: selectorOf(alertmanagerService(a)), scheduling: a });
}

/** Every gateway of the stack. */
export function gatewayModels(s: Settings): GatewayModel[] {
    return [prometheusGatewayModel(s), alertmanagerGatewayModel(s)].filter((g): g is GatewayModel => g !== undefined);
}
