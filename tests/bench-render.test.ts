import * as assert from "assert";
import * as path from "path";
import { pathToFileURL } from "url";
import { childrenTicksOf, cpuSecondsOf } from "../scripts/bench/children-cpu";
import { CpuProfile, originOf, selfTimeByOrigin } from "../scripts/bench/cpu-profile";
import { median } from "../scripts/bench/median";
import * as fs from "fs";
import { parseAllDocuments } from "yaml";
import { objectCount, sdkModuleOf } from "../scripts/bench-render";

// The pure parts of `npm run bench:render`; the benchmark's numbers themselves are never asserted.

const REPO = path.resolve(__dirname, "..");

describe("bench:render: median", () => {
    it("takes the middle of an odd count and the mean of the two middle values of an even one, in any order", () => {
        assert.strictEqual(median([5, 1, 3]), 3);
        assert.strictEqual(median([4, 1, 3, 2]), 2.5);
        assert.strictEqual(median([7]), 7);
    });

    it("refuses no values", () => {
        assert.throws(() => median([]), /no values/);
    });
});

describe("bench:render: how many objects the SDK column registers", () => {
    it("counts one per document's top-level kind, not a kind nested in a spec or a config file", () => {
        const manifest = [
            "# header",
            "---",
            "apiVersion: v1",
            "kind: Namespace",
            "---",
            "apiVersion: v1",
            "kind: ConfigMap",
            "data:",
            "  prometheus.yml: |",
            "    kind: not-an-object",
            "---",
            "apiVersion: apps/v1",
            "kind: StatefulSet",
            "spec:",
            "  volumeClaimTemplates:",
            "    - kind: PersistentVolumeClaim",
            "",
        ].join("\n");
        assert.strictEqual(objectCount(manifest), 3);
    });
});

describe("bench:render: CPU seconds of a child process", () => {
    it("reads cutime and cstime (fields 16 and 17) even when the command name holds spaces and parentheses", () => {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
        const stat = "4242 (node (a) b) S 1 4242 4242 0 -1 4194560 100 200 0 0 11 12 30 4 20 0 7 0 1234 0 0\n";
        assert.strictEqual(childrenTicksOf(stat), 34);
    });

    it("counts the CPU a child burns, not the parent's", function () {
        // The child spins until it has used 0.3 s of CPU by its own account; however slow the
        // machine, the parent must see at least that much (less one clock tick of rounding).
        const burn = "const t = () => { const u = process.cpuUsage(); return u.user + u.system; }; while (t() < 300000) {}";
        const seconds = cpuSecondsOf(process.execPath, ["-e", burn], { stdio: "ignore" });
        assert.ok(seconds >= 0.29, `child used at least 0.3 s of CPU, measured ${seconds}`);
    });

    it("fails when the child fails", () => {
        assert.throws(() => cpuSecondsOf(process.execPath, ["-e", "process.exit(3)"], {}), /exited with 3/);
    });
});

describe("bench:render: profile by origin", () => {
    it("names the innermost package, the project folder or the Node.js area of a script", () => {
        assert.strictEqual(originOf("file:///x/node_modules/@pulumi/pulumi/runtime/rpc.js", REPO), "@pulumi/pulumi");
        assert.strictEqual(originOf("/x/node_modules/ts-node/node_modules/arg/index.js", REPO), "arg");
        assert.strictEqual(originOf(pathToFileURL(path.join(REPO, "components/grafana/panels.ts")).href, REPO), "components/grafana/");
        assert.strictEqual(originOf(path.join(REPO, "index.ts"), REPO), "./");
        assert.strictEqual(originOf("node:internal/modules/cjs/loader", REPO), "node:internal/modules");
        assert.strictEqual(originOf("node:fs", REPO), "node:fs");
        assert.strictEqual(originOf("", REPO), undefined);
    });

    it("adds up self time per origin, charges native frames to their caller and keeps V8's own entries apart", () => {
        const pulumi = "file:///x/node_modules/@pulumi/pulumi/resource.js";
        const grafana = pathToFileURL(path.join(REPO, "components/grafana/a.ts")).href;
        const profile: CpuProfile = {
            nodes: [
                { id: 1, callFrame: { functionName: "(root)", url: "" }, children: [2, 3, 4] },
                { id: 2, callFrame: { functionName: "(garbage collector)", url: "" } },
                { id: 3, callFrame: { functionName: "Resource", url: pulumi }, children: [5] },
                { id: 4, callFrame: { functionName: "build", url: grafana }, children: [6] },
                { id: 5, callFrame: { functionName: "readFileUtf8", url: "" } },
                { id: 6, callFrame: { functionName: "Resource", url: pulumi } },
            ],
            samples: [2, 3, 5, 5, 4, 6, 6, 2],
            timeDeltas: [1000, 2000, 3000, 4000, 500, 1500, 1500, 250],
        };
        assert.deepStrictEqual(selfTimeByOrigin(profile, REPO), [
            { origin: "@pulumi/pulumi", milliseconds: 12 },
            { origin: "(garbage collector)", milliseconds: 1.25 },
            { origin: "components/grafana/", milliseconds: 0.5 },
        ]);
    });
});

describe("bench:render: the SDK class of each of the render's objects (the sdk+objs column)", () => {
    it("names @pulumi/kubernetes' module for the core group, a dotted group and a plain one", () => {
        assert.deepStrictEqual(sdkModuleOf("v1"), ["core", "v1"]);
        assert.deepStrictEqual(sdkModuleOf("rbac.authorization.k8s.io/v1"), ["rbac", "v1"]);
        assert.deepStrictEqual(sdkModuleOf("apps/v1"), ["apps", "v1"]);
    });

    it("finds a class for every kind the committed manifests hold, so that column registers what the render does", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const k8s = require("@pulumi/kubernetes") as Record<string, Record<string, Record<string, unknown>>>;
        const missing = new Set<string>();
        for (const file of fs.readdirSync(path.join(REPO, "manifests")).filter((f) => f.endsWith(".yaml"))) {
            for (const doc of parseAllDocuments(fs.readFileSync(path.join(REPO, "manifests", file), "utf8"))) {
                const o = doc.toJS() as { apiVersion: string; kind: string } | null;
                if (o === null) continue;
                const [group, version] = sdkModuleOf(o.apiVersion);
                if (typeof k8s[group]?.[version]?.[o.kind] !== "function") missing.add(`${o.apiVersion} ${o.kind}`);
            }
        }
        assert.deepStrictEqual([...missing], []);
    });
});
