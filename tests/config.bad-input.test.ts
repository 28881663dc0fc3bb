import * as assert from "assert";
import { plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { closest } from "../config/did-you-mean";
import { plainText } from "../config/fields";
import { requiredConfig, problemsOfConfig, problemAt } from "./harness/stack-config";

/**
 * The classes of bad input that must stop a stack before anything is registered, each with
 * several members, each naming the key the user wrote (issue: the bad-input classes still open).
 */



function withEdit(edit: (c: Record<string, any>) => void): Record<string, any> {
    const c = requiredConfig();
    edit(c);
    return c;
}

describe("config: the bad-input classes", () => {
    describe("control characters and white space alone, in every string", () => {
        it("plainText names the character and its position", () => {
            assert.match(plainText("ab\u0000c")!, /U\+0000 at position 2/);
            assert.match(plainText("a\nb")!, /U\+000A/);
            assert.match(plainText("   ")!, /white space alone/);
            assert.strictEqual(plainText("a\n\tb", true), undefined, "multi-line text keeps tabs and line feeds");
            assert.match(plainText("a\rb", true)!, /U\+000D/, "but never a carriage return");
            assert.strictEqual(plainText("kind-dev"), undefined);
        });

        const members: [string, (c: Record<string, any>) => void, string][] = [
            ["a NUL in the fluentd search user", (c) => Object.assign(c.logs.search, { user: "flu\u0000entd", scheme: "https" }), "cluster-monitoring:logs.search.user"],
            ["a tab in the fluentd search user", (c) => Object.assign(c.logs.search, { user: "flu\tentd", scheme: "https" }), "cluster-monitoring:logs.search.user"],
            ["a NUL in kubernetes:context", (c) => (c["kubernetes:context"] = "kind\u0000dev"), "kubernetes:context"],
            ["a line break in kubernetes:context", (c) => (c["kubernetes:context"] = "kind\ndev"), "kubernetes:context"],
            ["an external label value of spaces", (c) => (c.metrics.externalLabels = { cluster: "   " }), "cluster-monitoring:metrics.externalLabels.cluster"],
            ["a line break in an external label value", (c) => (c.metrics.externalLabels = { cluster: "a\nb" }), "cluster-monitoring:metrics.externalLabels.cluster"],
            [
                "a NUL in a relabel replacement",
                (c) => (c.metrics.remoteWrite = [{ url: "https://m.example.com/w", writeRelabel: [{ action: "replace", sourceLabels: ["job"], targetLabel: "x", replacement: "a\u0000" }] }]),
                "cluster-monitoring:metrics.remoteWrite[0].writeRelabel[0].replacement",
            ],
            ["an SMTP user of white space", (c) => (c.alertmanager = { email: { to: "a@example.com", from: "b@example.com", smarthost: "smtp.example.com:587", authUsername: " " } }), "cluster-monitoring:alertmanager.email.authUsername"],
            ["a line feed in a fluentd runtime unit", (c) => (c.logs.containerRuntimeService = "containerd\n"), "cluster-monitoring:logs.containerRuntimeService"],
        ];
        for (const [what, edit, key] of members) {
            it(`refuses ${what}, naming ${key}`, () => {
                problemAt(problemsOfConfig(withEdit(edit)), key);
            });
        }

        it("still accepts PromQL and annotations over several lines", () => {
            const c = withEdit((x) => {
                x.alertRules = {
                    groups: [
                        {
                            name: "team",
                            rules: [{ alert: "Down", expr: "up\n  == 0", labels: { severity: "warning" }, annotations: { summary: "down", description: "line one\n\tline two" } }],
                        },
                    ],
                };
            });
            loadSettings(plainConfigSource(c));
        });
    });

    describe("credentials in clear text", () => {
        const kubeconfig = "apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    token: abc123\n";

        it("refuses a one-line secret with a trailing line break, without echoing it, and keeps PEM secrets multi-line", () => {
            const search = withEdit((x) => (x.logs.search = { host: "es.example.com", scheme: "https", user: "fluentd" }));
            const p = problemAt(problemsOfConfig(search, { searchPassword: "hunter2\n" }), "cluster-monitoring:searchPassword");
            assert.ok(!JSON.stringify(p).includes("hunter2"));
            const token = withEdit((x) => (x.metrics.remoteWrite = [{ url: "https://m.example.com/w", bearerTokenKey: "remoteWriteToken" }]));
            problemAt(problemsOfConfig(token, { remoteWriteToken: "abc\r\n" }), "cluster-monitoring:remoteWriteToken");
            const slack = withEdit((x) => (x.alertmanager = { slack: { channel: "#alerts" } }));
            problemAt(problemsOfConfig(slack, { alertSlackUrl: "https://hooks.slack.com/services/x\n" }), "cluster-monitoring:alertSlackUrl");
            const ca = withEdit((x) => (x.metrics.remoteWrite = [{ url: "https://m.example.com/w", tls: { caKey: "remoteWriteCa" } }]));
            loadSettings(plainConfigSource(ca, { remoteWriteCa: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n" }));
        });

        it("refuses kubernetes:kubeconfig holding a token without secure:, without echoing it", () => {
            const c = withEdit((x) => {
                delete x["kubernetes:context"];
                x["kubernetes:kubeconfig"] = kubeconfig;
            });
            const p = problemAt(problemsOfConfig(c), "kubernetes:kubeconfig");
            assert.match(p.expected, /pulumi config set --secret kubernetes:kubeconfig/);
            assert.ok(!JSON.stringify(p).includes("abc123"));
        });

        it("refuses a kubeconfig with an inline client key, or a private key block", () => {
            for (const text of ["users:\n- user:\n    client-key-data: LS0t\n", "-----BEGIN RSA PRIVATE KEY-----\nxx\n"]) {
                problemAt(problemsOfConfig(withEdit((x) => (x["kubernetes:kubeconfig"] = text))), "kubernetes:kubeconfig");
            }
        });

        it("accepts the same kubeconfig as a secret, and a path in clear text", () => {
            loadSettings(plainConfigSource(withEdit((x) => delete x["kubernetes:context"]), { "kubernetes:kubeconfig": kubeconfig }));
            loadSettings(plainConfigSource(withEdit((x) => (x["kubernetes:kubeconfig"] = "/home/ci/.kube/prod"))));
        });

        it("refuses a remote write password or token over http unless the target opts in", () => {
            const target = { url: "http://receiver.example.com/write", basicAuth: { username: "w", passwordKey: "remoteWritePassword" } };
            const secrets = { remoteWritePassword: "pw" };
            const p = problemAt(problemsOfConfig(withEdit((x) => (x.metrics.remoteWrite = [target])), secrets), "cluster-monitoring:metrics.remoteWrite[0].url");
            assert.match(p.expected, /allowPlaintextCredentials: true/);
            const token = { url: "http://receiver.example.com/write", bearerTokenKey: "remoteWriteToken" };
            problemAt(problemsOfConfig(withEdit((x) => (x.metrics.remoteWrite = [token])), { remoteWriteToken: "t" }), "cluster-monitoring:metrics.remoteWrite[0].url");
            loadSettings(plainConfigSource(withEdit((x) => (x.metrics.remoteWrite = [{ ...target, allowPlaintextCredentials: true }])), secrets));
        });

        it("refuses the search user over http unless logs.search opts in", () => {
            const c = withEdit((x) => (x.logs.search = { host: "es.example.com", user: "fluentd" }));
            problemAt(problemsOfConfig(c, { searchPassword: "pw" }), "cluster-monitoring:logs.search.scheme");
            c.logs.search.allowPlaintextCredentials = true;
            loadSettings(plainConfigSource(c, { searchPassword: "pw" }));
        });

        it("refuses an SMTP login without STARTTLS unless the e-mail receiver opts in", () => {
            const email = { to: "a@example.com", from: "b@example.com", smarthost: "smtp.example.com:25", authUsername: "am", requireTls: false };
            problemAt(problemsOfConfig(withEdit((x) => (x.alertmanager = { email })), { alertSmtpPassword: "pw" }), "cluster-monitoring:alertmanager.email.requireTls");
        });
    });

    describe("two things that claim the same", () => {
        const cases: [string, (c: Record<string, any>) => void, string][] = [
            ["Prometheus' own job named like the node-exporter job", (c) => (c.metrics.name = "node-exporter"), "cluster-monitoring:metrics.name"],
            ["Prometheus' own job named like the kube-state-metrics job", (c) => (c.metrics.name = "kube-state-metrics"), "cluster-monitoring:metrics.name"],
            [
                "a service job named like the node-exporter job",
                (c) => (c.metrics.services = [{ name: "node-exporter", namespace: "kube-system", selector: { app: "x" }, port: "metrics" }]),
                "cluster-monitoring:metrics.services[0].name",
            ],
            [
                "a service job named like the kube-state-metrics job",
                (c) => (c.metrics.services = [{ name: "kube-state-metrics", namespace: "kube-system", selector: { app: "x" }, port: "metrics" }]),
                "cluster-monitoring:metrics.services[0].name",
            ],
            ["node-exporter on the kubelet's port", (c) => (c.nodeExporter = { port: 10250 }), "cluster-monitoring:nodeExporter.port"],
            ["node-exporter on kube-proxy's metrics port", (c) => (c.nodeExporter = { port: 10249 }), "cluster-monitoring:nodeExporter.port"],
            ["node-exporter on etcd's metrics port", (c) => (c.nodeExporter = { port: 2381 }), "cluster-monitoring:nodeExporter.port"],
            [
                "Grafana's Ingress on Prometheus' host and path",
                (c) => ((c.metrics.ingress = { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } }), (c.grafana = { enabled: true, ingress: { host: "monitor.example.com" } })),
                "cluster-monitoring:grafana.ingress.host",
            ],
        ];
        for (const [what, edit, key] of cases) {
            it(`refuses ${what}, naming ${key}`, () => {
                problemAt(problemsOfConfig(withEdit(edit), { grafanaAdminPassword: "pw" }), key);
            });
        }

        it("keeps a switched-off job's name reserved, so switching node-exporter on cannot break the stack", () => {
            const p = problemAt(problemsOfConfig(withEdit((c) => ((c.metrics.name = "node-exporter"), (c.nodeExporter = { enabled: false })))), "cluster-monitoring:metrics.name");
            assert.match(p.expected, /nodeExporter\.enabled reserves \(switched off/);
        });

        it("blames no clash on a host port or an Ingress route of a component that is off: that setting does nothing, and says so", () => {
            const port = problemsOfConfig(withEdit((c) => (c.nodeExporter = { enabled: false, port: 10250 })));
            assert.deepStrictEqual(port.map((p) => p.key), ["cluster-monitoring:nodeExporter.port"]);
            assert.match(port[0].expected, /nothing unless cluster-monitoring:nodeExporter\.enabled is true/);
            const route = problemsOfConfig(withEdit((c) => ((c.metrics.ingress = { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } }), (c.grafana = { enabled: false, ingress: { host: "monitor.example.com" } }))));
            assert.deepStrictEqual(route.map((p) => p.key), ["cluster-monitoring:grafana.ingress"]);
            assert.match(route[0].expected, /nothing unless cluster-monitoring:grafana\.enabled is true/);
        });
    });

    describe("an Alertmanager route that delivers nowhere", () => {
        const slack = { channel: "#alerts" };
        for (const [what, team] of [
            ["a team without a channel", { name: "payments", matchers: { team: "payments" } }],
            ["a second team without a channel", { name: "search", matchers: { team: "search" } }],
        ] as const) {
            it(`refuses ${what}`, () => {
                const c = withEdit((x) => (x.alertmanager = { slack, teams: [{ name: "ok", matchers: { team: "ok" }, slackChannel: "#ok" }, team] }));
                const p = problemAt(problemsOfConfig(c, { alertSlackUrl: "https://hooks.slack.com/x" }), "cluster-monitoring:alertmanager.teams[1]");
                assert.match(p.expected, /slackChannel or emailTo/);
            });
        }
    });

    describe("an image older than what the generated config needs", () => {
        const cases: [string, string, Record<string, unknown>][] = [
            ["an Alertmanager from before route matchers", "cluster-monitoring:alertmanager.image", { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.21.0" } }],
            ["a node-exporter from before mount-points-exclude", "cluster-monitoring:nodeExporter.image", { nodeExporter: { image: "quay.io/prometheus/node-exporter:v1.1.2" } }],
            ["a kube-state-metrics 1.x", "cluster-monitoring:kubeStateMetrics.image", { kubeStateMetrics: { image: "registry.k8s.io/kube-state-metrics/kube-state-metrics:v1.9.8" } }],
            ["a kube-state-metrics without this resource list", "cluster-monitoring:kubeStateMetrics.image", { kubeStateMetrics: { image: "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.10.0" } }],
            ["a Grafana older than the dashboards' line", "cluster-monitoring:grafana.image", { grafana: { enabled: true, image: "grafana/grafana-oss:12.4.0" } }],
            ["a Grafana 9 on a private registry port", "cluster-monitoring:grafana.image", { grafana: { enabled: true, image: "registry.local:5000/grafana/grafana-oss:9.5.3" } }],
        ];
        for (const [what, key, patch] of cases) {
            it(`refuses ${what}, naming ${key} and the oldest version`, () => {
                const p = problemAt(problemsOfConfig({ ...requiredConfig(), ...patch }, { grafanaAdminPassword: "pw" }), key);
                assert.match(p.expected, /or newer: /);
            });
        }

        it("accepts the pinned versions, newer ones, digests and private tags", () => {
            loadSettings(
                plainConfigSource(
                    {
                        ...requiredConfig(),
                        alertmanager: { image: "quay.io/prometheus/alertmanager:v0.22.0" },
                        nodeExporter: { image: "quay.io/prometheus/node-exporter@sha256:0123abcd" },
                        kubeStateMetrics: { image: "registry.local:5000/kube-state-metrics:hardened" },
                        grafana: { enabled: true, image: "grafana/grafana-oss:13.2.3-ubuntu" },
                    },
                    { grafanaAdminPassword: "pw" },
                ),
            );
        });
    });

    describe("the errors themselves", () => {
        it("names a misspelt provider key as unknown, with what it likely meant, and not also a missing context", () => {
            const problems = problemsOfConfig(withEdit((x) => ((x["kubernetes:contxt"] = x["kubernetes:context"]), delete x["kubernetes:context"])));
            const p = problemAt(problems, "kubernetes:contxt");
            assert.match(p.expected, /did you mean kubernetes:context\?/);
            assert.ok(!problems.some((x) => x.key === "kubernetes:context"), "the missing context is the misspelt one");
        });

        it("names any other kubernetes: key, which the explicit provider would ignore", () => {
            problemAt(problemsOfConfig(withEdit((x) => (x["kubernetes:namespace"] = "apps"))), "kubernetes:namespace");
        });

        it("says where a moved key went", () => {
            const p = problemAt(problemsOfConfig(withEdit((x) => (x.metrics.memoryRequest = "2Gi"))), "cluster-monitoring:metrics.memoryRequest");
            assert.match(p.expected, /moved to cluster-monitoring:metrics\.resources\.memoryRequest/);
        });

        it("suggests the known key a misspelt nested or top-level key was meant to be", () => {
            assert.match(problemAt(problemsOfConfig(withEdit((x) => (x.metrics.retension = "7d"))), "cluster-monitoring:metrics.retension").expected, /did you mean retention\?/);
            assert.match(problemAt(problemsOfConfig(withEdit((x) => (x.metircs = {}))), "cluster-monitoring:metircs").expected, /did you mean metrics\?/);
            assert.strictEqual(closest("zzzzzz", ["metrics", "logs"]), undefined);
        });
    });

    describe("every problem in one pass", () => {
        it("a missing logs.search.host does not hide a password without a user", () => {
            const problems = problemsOfConfig(withEdit((x) => (x.logs = { search: {} })), { searchPassword: "pw" });
            problemAt(problems, "cluster-monitoring:logs.search.host");
            problemAt(problems, "cluster-monitoring:searchPassword");
        });

        it("a wrong metrics setting does not hide missing etcd certificates", () => {
            const problems = problemsOfConfig(withEdit((x) => Object.assign(x.metrics, { retention: "20days", jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"] } })));
            problemAt(problems, "cluster-monitoring:metrics.retention");
            assert.ok(problems.some((p) => p.key.includes("cluster-monitoring:etcdClientKey")), problems.map((p) => p.key).join("\n"));
        });

        it("a wrong metrics setting does not hide a remote write secret that is not set", () => {
            const problems = problemsOfConfig(withEdit((x) => Object.assign(x.metrics, { retention: "20days", remoteWrite: [{ url: "https://m.example.com/w", bearerTokenKey: "remoteWriteToken" }] })));
            problemAt(problems, "cluster-monitoring:metrics.retention");
            problemAt(problems, "cluster-monitoring:metrics.remoteWrite[0].bearerTokenKey, cluster-monitoring:remoteWriteToken");
        });

        it("a wrong Grafana setting does not hide its missing admin password", () => {
            const problems = problemsOfConfig(withEdit((x) => (x.grafana = { enabled: true, generateAdminPassword: false, name: "Grafana" })));
            problemAt(problems, "cluster-monitoring:grafana.name");
            problemAt(problems, "cluster-monitoring:grafanaAdminPassword");
        });
    });
});
