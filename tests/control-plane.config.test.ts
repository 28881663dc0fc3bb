import * as assert from "assert";
import { ConfigError } from "../config";
import { settingsWith } from "./harness/stack-config";

const CP = "cluster-monitoring:controlPlane";

function problems(overrides: Record<string, Record<string, unknown>>): ConfigError {
    try {
        settingsWith(overrides);
    } catch (e) {
        assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
        return e;
    }
    assert.fail("expected the config to be rejected");
}

function keys(e: ConfigError): string[] {
    return e.problems.map((p) => p.key).sort();
}

describe("controlPlane settings", () => {
    it("default to a self-managed control plane with every component on", () => {
        const c = settingsWith().controlPlane;
        assert.strictEqual(c.kind, "selfManaged");
        assert.deepStrictEqual(
            [c.coreDns.enabled, c.scheduler.enabled, c.controllerManager.enabled, c.kubeProxy.enabled],
            [true, true, true, true],
        );
        assert.deepStrictEqual([c.coreDns.port, c.scheduler.port, c.controllerManager.port, c.kubeProxy.port], [9153, 10259, 10257, 10249]);
    });

    it("a managed control plane switches off the scheduler and controller manager, not CoreDNS or kube-proxy", () => {
        const c = settingsWith({ controlPlane: { kind: "managed" } }).controlPlane;
        assert.deepStrictEqual(
            [c.coreDns.enabled, c.scheduler.enabled, c.controllerManager.enabled, c.kubeProxy.enabled],
            [true, false, false, true],
        );
    });

    it("a per-component switch turns a visible component off", () => {
        const c = settingsWith({ controlPlane: { kubeProxy: { enabled: false }, coreDns: { enabled: false } } }).controlPlane;
        assert.deepStrictEqual([c.coreDns.enabled, c.kubeProxy.enabled, c.scheduler.enabled], [false, false, true]);
    });

    it("an override lets a hidden component be switched on", () => {
        const c = settingsWith({ controlPlane: { kind: "managed", override: ["scheduler"], scheduler: { enabled: true } } }).controlPlane;
        assert.strictEqual(c.scheduler.enabled, true);
        assert.strictEqual(c.controllerManager.enabled, false);
    });

    it("refuses a hidden component switched on without an override, every problem at once", () => {
        const e = problems({ controlPlane: { kind: "managed", scheduler: { enabled: true }, controllerManager: { enabled: true }, kubeProxy: { port: 0 } } });
        assert.deepStrictEqual(keys(e), [`${CP}.controllerManager.enabled`, `${CP}.kubeProxy.port`, `${CP}.scheduler.enabled`]);
        assert.match(e.message, /managed control plane hides scheduler.*controlPlane\.override/);
    });

    it("refuses etcd on a managed control plane under the key that switches it on", () => {
        const etcd = { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } };
        const e = problems({ controlPlane: { kind: "managed" }, metrics: etcd });
        assert.deepStrictEqual(keys(e), ["cluster-monitoring:metrics.jobs.etcd"]);
        assert.strictEqual(settingsWith({ controlPlane: { kind: "managed", override: ["etcd"] }, metrics: etcd }).metrics.jobs.etcd, true);
    });

    it("refuses an unknown kind, an unknown override and a port out of range, naming each key", () => {
        const e = problems({ controlPlane: { kind: "eks", override: ["kubelet"], coreDns: { port: 65536 }, scheduler: { port: 1.5 } } });
        assert.deepStrictEqual(keys(e), [`${CP}.coreDns.port`, `${CP}.kind`, `${CP}.override[0]`, `${CP}.scheduler.port`]);
        assert.match(e.message, /controlPlane\.kind: got "eks", expected one of selfManaged, managed/);
    });

    it("refuses a service job that takes a control-plane job's name", () => {
        const e = problems({ metrics: { services: [{ name: "kube-proxy", namespace: "default", selector: { app: "x" }, port: 9000 }] } });
        assert.deepStrictEqual(keys(e), ["cluster-monitoring:metrics.services[0].name"]);
        // Reserved while the job is off too: switching kubeProxy on must not break the stack.
        const off = problems({ controlPlane: { kubeProxy: { enabled: false } }, metrics: { services: [{ name: "kube-proxy", namespace: "default", selector: { app: "x" }, port: 9000 }] } });
        assert.deepStrictEqual(keys(off), ["cluster-monitoring:metrics.services[0].name"]);
        assert.match(off.message, /controlPlane\.kubeProxy\.enabled reserves \(switched off/);
    });
});
