import * as pulumi from "@pulumi/pulumi";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parseAllDocuments } from "yaml";
import { engineConfigOf, renderStack, SECRET_MARKER } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { manifestFile } from "../render/manifest-file";
import { runProgram as runEngine } from "../render/run-program";
import { runProgram } from "./harness/program";
import { requiredConfig, testPem } from "./harness/stack-config";
import { renderInProcess } from "./harness/render-cli";
import { tempProject } from "./harness/temp-project";

const REPO = path.resolve(__dirname, "..");

function objectsOf(text: string): any[] {
    return parseAllDocuments(text).map((d) => d.toJSON());
}

function statefulSetArgs(text: string): string[] {
    const sts = objectsOf(text).find((o) => o.kind === "StatefulSet" && o.metadata.name === "monitor");
    return sts.spec.template.spec.containers[0].args;
}

describe("offline render (npm run render -- <stack>)", () => {
    it("gives byte-identical output for the same stack file", async () => {
        const first = (await renderStack(REPO, "prod")).text;
        await renderStack(REPO, "dev");
        const second = (await renderStack(REPO, "prod")).text;
        assert.strictEqual(second, first);
    });

    it("runs the real program with each stack's own config, one stack not leaking into the next", async () => {
        const prod = (await renderStack(REPO, "prod")).text;
        const dev = (await renderStack(REPO, "dev")).text;
        assert.ok(statefulSetArgs(prod).includes("--storage.tsdb.retention.time=90d"));
        assert.ok(statefulSetArgs(dev).includes("--storage.tsdb.retention.time=7d"));
        assert.ok(objectsOf(prod).some((o) => o.kind === "Ingress"), "prod sets an Ingress host");
        // Alertmanager's config and Grafana's generated password are dev's only Secrets: no Ingress, no etcd or search store secrets.
        assert.ok(!objectsOf(dev).some((o) => o.kind === "Ingress" || (o.kind === "Secret" && !["alertmanager-config", "grafana"].includes(o.metadata.name))), "dev sets neither");
        assert.ok(objectsOf(dev).some((o) => o.kind === "StatefulSet" && o.metadata.name === "elasticsearch-logging"), "dev runs the search store");
        assert.ok(!objectsOf(prod).some((o) => o.metadata.name === "elasticsearch-logging"), "prod ships to its own store");
    });

    it("runs the program as the stack it renders, as pulumi up --stack would", async () => {
        const seen: string[] = [];
        for (const stack of ["prod", "dev"]) {
            await runEngine(engineConfigOf(fs.readFileSync(path.join(REPO, `Pulumi.${stack}.yaml`), "utf8")), stack);
            seen.push(pulumi.getStack());
        }
        assert.deepStrictEqual(seen, ["prod", "dev"]);
    });

    it("writes only Kubernetes objects, namespaces first, then by kind, namespace and name", async () => {
        const { text, objects } = await renderStack(REPO, "prod");
        const docs = objectsOf(text);
        assert.strictEqual(docs.length, objects.length);
        assert.ok(docs.every((o) => typeof o.apiVersion === "string" && typeof o.kind === "string" && o.metadata?.name));
        assert.strictEqual(docs[0].kind, "Namespace");
        const roles = docs.filter((o) => o.kind === "Role").map((o) => `${o.metadata.namespace}/${o.metadata.name}`);
        assert.deepStrictEqual(roles, [...roles].sort());
        assert.ok(text.startsWith("# Every Kubernetes object that stack \"prod\" deploys"));
    });

    it("shows secure: values of the stack file as the marker and makes their keys secret", () => {
        const config = engineConfigOf(
            "config:\n  cluster-monitoring:etcdCaCert:\n    secure: v1:abc:def\n" +
                "  cluster-monitoring:metrics:\n    nested: { secure: v1:xyz }\n  kubernetes:context: kind\n",
        );
        assert.deepStrictEqual(config.values, {
            "cluster-monitoring:etcdCaCert": SECRET_MARKER,
            "cluster-monitoring:metrics": JSON.stringify({ nested: SECRET_MARKER }),
            "kubernetes:context": "kind",
        });
        assert.deepStrictEqual(config.secretKeys, ["cluster-monitoring:etcdCaCert", "cluster-monitoring:metrics"]);
    });

    it("prints every value the program holds as a secret as the marker, never in clear text", async () => {
        const secrets = { etcdCaCert: testPem("CERTIFICATE", "CLEARCA"), etcdClientCert: testPem("CERTIFICATE", "CLEARCERT"), etcdClientKey: testPem("PRIVATE KEY", "CLEARKEY"), searchPassword: "CLEAR-PW" };
        const config = requiredConfig();
        config.metrics.jobs = { etcd: true };
        config.metrics.etcd = { endpoints: ["10.0.0.11"] };
        config.logs.search.user = "fluentd";
        config.logs.search.scheme = "https";
        const { resources } = await runProgram(config, secrets);
        const text = manifestFile(kubernetesObjects(resources), "");
        assert.doesNotMatch(text, /CLEAR/);
        const etcdSecret = objectsOf(text).find((o) => o.kind === "Secret" && o.metadata.name === "kvstore-client-cert");
        assert.deepStrictEqual(etcdSecret.stringData, {
            "ca.crt": SECRET_MARKER,
            "healthcheck-client.crt": SECRET_MARKER,
            "healthcheck-client.key": SECRET_MARKER,
        });
        const credentials = objectsOf(text).find((o) => o.kind === "Secret" && o.metadata.name === "fluentd-es-search-credentials");
        assert.ok(JSON.stringify(credentials).includes(SECRET_MARKER), "the search password must show as the marker");
    });

    it("never shows the prod stack's secure values", async () => {
        const { text } = await renderStack(REPO, "prod");
        assert.doesNotMatch(text, /v1:placeholder/);
        assert.ok(text.includes(`"${SECRET_MARKER}"`));
    });

    it("exits nonzero with the ConfigError and writes nothing when the stack file is invalid", async () => {
        const dir = tempProject({
            "Pulumi.broken.yaml": fs
                .readFileSync(path.join(REPO, "Pulumi.dev.yaml"), "utf8")
                .replace("retention: 7d", "retention: 7days"),
        });
        // The CLI's own code in this process; tests/bad-stack-files.test.ts spawns it for a config error too.
        const run = await renderInProcess(dir, "broken");
        assert.strictEqual(run.status, 1, run.stderr);
        assert.match(run.stderr, /cluster-monitoring:metrics\.retention: got "7days"/);
        assert.ok(!fs.existsSync(path.join(dir, "manifests")), "no manifest may be written");
    });
});
