import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { CONTROLLER_MANAGER_NOT_ANSWERED, KUBE_PROXY_NOT_ANSWERED, notAnsweredLines, SCHEDULER_NOT_ANSWERED } from "../components/control-plane/component-panels";
import { PROMETHEUS_NOT_ANSWERED } from "../components/prometheus/dashboard";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * The counterparts of kube-prometheus' Scheduler, Controller Manager, Proxy and Prometheus /
 * Overview boards: the Control plane board's scheduler, controller-manager and kube-proxy panels,
 * and the Prometheus board. Each text panel says what stays unanswered, as docs/grafana.md does,
 * and each component's panels, text panel included, go with its job.
 */
const COMPONENTS = [
    { key: "scheduler", name: "Scheduler", notAnswered: SCHEDULER_NOT_ANSWERED, own: ["Scheduler", "Scheduling", "Schedulers"] },
    { key: "controllerManager", name: "Controller manager", notAnswered: CONTROLLER_MANAGER_NOT_ANSWERED, own: ["Controller"] },
    { key: "kubeProxy", name: "kube-proxy", notAnswered: KUBE_PROXY_NOT_ANSWERED, own: ["kube-prox"] },
] as const;

const controlPlanePanels = (overrides: Record<string, Record<string, unknown>> = {}): any[] =>
    dashboardsFor(settingsWithGrafana(overrides), PROJECT).find((d) => d.json.uid === "cm-control-plane")?.json.panels ?? [];

describe("Control plane board: the scheduler, controller manager and kube-proxy", () => {
    const panels = controlPlanePanels();
    const docs = fs.readFileSync(path.join(__dirname, "..", "docs", "grafana.md"), "utf8");

    for (const c of COMPONENTS) {
        it(`${c.name}: its text panel and docs/grafana.md list the same unanswered questions, with the same reasons`, () => {
            const listed = notAnsweredLines(c.notAnswered);
            assert.deepStrictEqual(listed.filter((line) => !docs.includes(`\n${line}\n`)), []);
            const text = panels.find((p) => p.type === "text" && p.title === `${c.name}: not answered on this board`);
            assert.ok(text, `${c.name} has a text panel`);
            assert.strictEqual(text.options.content, listed.join("\n"));
        });

        it(`${c.name}: its panels, the text panel among them, go when its job is off, and only they`, () => {
            const mine = (p: any) => c.own.some((prefix) => p.title.startsWith(prefix));
            const before = panels.filter(mine).map((p) => p.title);
            // API requests by class, memory, CPU, goroutines and the text panel at least, beside what was there.
            assert.ok(before.length >= 7, `${c.name}: ${before.join(", ")}`);
            const off = controlPlanePanels({ controlPlane: { [c.key]: { enabled: false } } });
            assert.deepStrictEqual(off.filter(mine).map((p) => p.title), []);
            assert.deepStrictEqual(
                off.map((p) => p.title),
                panels.filter((p) => !mine(p)).map((p) => p.title),
            );
        });
    }

    it("API requests are summed by code class: the label_replace keeps the code's first digit", () => {
        const expr = panels.find((p) => p.title === "Scheduler API requests by code class").targets[0].expr as string;
        assert.match(expr, /label_replace\(rate\(rest_client_requests_total\{[^}]*job="kube-scheduler"[^}]*\}\[\$__rate_interval\]\), "class", "\$\{1\}xx", "code", "\(\[0-9\]\)\[0-9\]\[0-9\]"\)/);
    });
});

describe("Prometheus board: what it leaves open", () => {
    it("its text panel and docs/grafana.md list the same unanswered questions, with the same reasons", () => {
        const docs = fs.readFileSync(path.join(__dirname, "..", "docs", "grafana.md"), "utf8");
        const listed = notAnsweredLines(PROMETHEUS_NOT_ANSWERED);
        assert.deepStrictEqual(listed.filter((line) => !docs.includes(`\n${line}\n`)), []);
        const board = dashboardsFor(settingsWithGrafana(), PROJECT).find((d) => d.json.uid === "cm-prometheus")!;
        const text = board.json.panels!.find((p: any) => p.type === "text");
        assert.strictEqual(text.options.content, listed.join("\n"));
    });
});
