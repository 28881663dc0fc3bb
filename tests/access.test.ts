import * as assert from "assert";
import { mockedProviderOutputs } from "../render/engine-mocks";
import { accessText } from "../scripts/access-text";
import { outputValue, runProgram } from "./harness/program";
import { requiredConfig } from "./harness/stack-config";

/** What `npm run access` prints after `npm run kind:up`, from the program's own outputs. */

const COMMAND = "PULUMI_BACKEND_URL=file:///repo/.pulumi-state pulumi stack output";

async function accessFor(config: Record<string, unknown>, secrets: Record<string, string> = {}): Promise<string> {
    const { exports } = await runProgram(config, secrets);
    const outputs = {
        consoles: exports.consoles,
        ...(exports.grafanaAdminUser ? { grafanaAdminUser: await outputValue(exports.grafanaAdminUser) } : {}),
        ...(exports.prometheusWebUser ? { prometheusWebUser: await outputValue(exports.prometheusWebUser) } : {}),
    };
    return accessText(JSON.parse(JSON.stringify(outputs)), "dev", "kind-dev", COMMAND);
}

describe("the access command (npm run access)", () => {
    it("prints a port-forward line and local address for Grafana, Prometheus and Alertmanager, from their Services", async () => {
        const text = await accessFor({ ...requiredConfig(), grafana: {} });
        assert.match(text, /Grafana +kubectl --context kind-dev -n monitoring port-forward svc\/grafana 3000:3000\n +then http:\/\/localhost:3000\//);
        assert.match(text, /Prometheus +kubectl --context kind-dev -n monitoring port-forward svc\/monitor 9090:9090\n +then http:\/\/localhost:9090\//);
        assert.match(text, /Alertmanager +kubectl --context kind-dev -n monitoring port-forward svc\/alertmanager 9093:9093/);
    });

    it("prints Kibana beside the in-cluster search store, and not for an external store", async () => {
        const withStore = await accessFor({ ...requiredConfig(), searchStore: { enabled: true } });
        assert.match(withStore, /Kibana +kubectl --context kind-dev -n kube-system port-forward svc\/kibana-logging 5601:5601\n +then http:\/\/localhost:5601\//);
        assert.doesNotMatch(await accessFor(requiredConfig()), /Kibana/);
    });

    it("follows renamed Services, another namespace and the route prefix", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, name: "prom", namespace: "observability", routePrefix: "/prometheus" };
        const text = await accessFor({ ...config, grafana: { name: "dashboards" } });
        assert.match(text, /-n observability port-forward svc\/prom 9090:9090\n +then http:\/\/localhost:9090\/prometheus/);
        assert.match(text, /-n observability port-forward svc\/dashboards 3000:3000/);
    });

    it("prints the Ingress URL instead of a port-forward where the stack has one", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, ingress: { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } } };
        const text = await accessFor({ ...config, grafana: { ingress: { host: "grafana.example.com", tlsSecretName: "grafana-tls" } } });
        assert.match(text, /Grafana +https:\/\/grafana\.example\.com\/\n/);
        assert.match(text, /Prometheus +https:\/\/monitor\.example\.com\/\n/);
        assert.doesNotMatch(text, /port-forward svc\/(grafana|monitor) /);
    });

    it("names Grafana's login and the command for its password, but never the password itself", async () => {
        const password = "stack-Secret-Admin-Value-58";
        const text = await accessFor({ ...requiredConfig(), grafana: { adminUser: "ops" } }, { grafanaAdminPassword: password });
        assert.match(text, /Grafana login: user ops/);
        assert.match(text, new RegExp(`${COMMAND} grafanaAdminPassword --show-secrets --stack dev`));
        assert.ok(!text.includes(password));
    });

    it("prints https for Prometheus with metrics.web.tls, and its login (never the password) with basicAuth", async () => {
        const config = requiredConfig();
        const image = "quay.io/prometheus/prometheus:v3.5.0";
        config.metrics = { ...config.metrics, image, web: { tls: { secretName: "monitor-web-tls" }, basicAuth: { username: "ops" } } };
        const text = await accessFor(config);
        assert.match(text, /Prometheus +kubectl --context kind-dev -n monitoring port-forward svc\/monitor 9090:9090\n +then https:\/\/localhost:9090\/\n +\(its certificate names monitor\.monitoring\.svc/);
        assert.match(text, /Prometheus login: user ops; the password with:\n +\S.* prometheusWebPassword --show-secrets --stack dev/);
        assert.ok(!text.includes(mockedProviderOutputs("random:index/randomPassword:RandomPassword", "monitor-web-password").result as string));
        const tlsAlone = requiredConfig();
        tlsAlone.metrics = { ...tlsAlone.metrics, image, web: { tls: { secretName: "monitor-web-tls" } } };
        const plainLogin = await accessFor(tlsAlone);
        assert.match(plainLogin, /then https:\/\/localhost:9090\//);
        assert.doesNotMatch(plainLogin, /Prometheus login/);
        assert.match(await accessFor(requiredConfig()), /then http:\/\/localhost:9090\/\n(?! +\(its certificate)/);
    });

    it("leaves out what the stack does not deploy", async () => {
        const config = requiredConfig();
        const text = await accessFor({ ...config, alertmanager: { enabled: false } });
        assert.doesNotMatch(text, /Grafana|Alertmanager/);
        assert.match(text, /Prometheus/);
    });
});
