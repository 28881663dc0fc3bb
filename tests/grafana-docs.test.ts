import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parseAllDocuments } from "yaml";
import { grafanaObjects } from "../components/grafana/object-names";
import { grafanaModel } from "./harness/grafana-model";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * docs/grafana.md#what-it-deploys lists Grafana's objects; the committed renders (manifests/*.yaml)
 * are what the stacks deploy. Objects that no stack renders (cluster-wide team RBAC, an NFS volume)
 * come from the same builders with the settings that create them.
 */

const REPO = path.join(__dirname, "..");
const PAGE = fs.readFileSync(path.join(REPO, "docs", "grafana.md"), "utf8");

interface Row {
    kinds: string[];
    name: string;
    holds: string;
}

/** The rows of the table under "## What it deploys": "Role and RoleBinding" is two kinds of one name. */
function documentedRows(): Row[] {
    const section = PAGE.slice(PAGE.indexOf("## What it deploys"), PAGE.indexOf("\n### ", PAGE.indexOf("## What it deploys")));
    const rows = section.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Object ") && !l.startsWith("|---"));
    assert.ok(rows.length > 0, "docs/grafana.md has the table of objects");
    return rows.map((l) => {
        const [kinds, name, holds] = l.slice(2, -2).split(" | ");
        return { kinds: kinds.split(" and "), name: /^`([^`]+)`$/.exec(name)![1], holds };
    });
}

/** Every documented (kind, name), the folder pattern expanded to the folders its row names. */
function documentedObjects(): string[] {
    return documentedRows().flatMap((r) => {
        const names = r.name.includes("<folder>")
            ? /\((`[^)]*`)\)/
                  .exec(r.holds)![1]
                  .split(", ")
                  .map((f) => r.name.replace("<folder>", /^`(.*)`$/.exec(f)![1]))
            : [r.name];
        return r.kinds.flatMap((k) => names.map((n) => `${k} ${n}`));
    });
}

/** Grafana's objects (named `grafana` or `grafana-...`) of one committed render. */
function renderedObjects(stack: string): string[] {
    const text = fs.readFileSync(path.join(REPO, "manifests", `${stack}.yaml`), "utf8");
    return parseAllDocuments(text)
        .map((d) => d.toJS())
        .filter((o) => o && typeof o.metadata?.name === "string" && /^grafana(-|$)/.test(o.metadata.name))
        .map((o) => `${o.kind} ${o.metadata.name}`);
}

/** The objects of settings that no committed stack uses. */
function builtObjects(): string[] {
    const variants = [
        settingsWithGrafana({ grafana: { teamDashboards: { all: true } } }),
        settingsWithGrafana({ grafana: { persistence: true, storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/grafana" } } } }),
    ];
    return variants.flatMap((s) => grafanaObjects(grafanaModel(s)).map((o) => `${o.kind} ${o.name}`));
}

const unique = (xs: string[]) => [...new Set(xs)].sort();

describe("docs/grafana.md: the objects it lists are the render's (#46)", () => {
    const stacks = fs
        .readdirSync(path.join(REPO, "manifests"))
        .filter((f) => f.endsWith(".yaml"))
        .map((f) => f.replace(/\.yaml$/, ""));

    it("every Grafana object of every committed render is in the table", () => {
        const documented = new Set(documentedObjects());
        for (const stack of stacks) {
            const missing = unique(renderedObjects(stack)).filter((o) => !documented.has(o));
            assert.deepStrictEqual(missing, [], `manifests/${stack}.yaml has objects docs/grafana.md does not list`);
        }
    });

    it("every row of the table is rendered by a stack, or built by the settings its row names", () => {
        const made = new Set([...stacks.flatMap(renderedObjects), ...builtObjects()]);
        assert.deepStrictEqual(documentedObjects().filter((o) => !made.has(o)), []);
    });

    it("the folder ConfigMaps are the five of the render, each stack rendering all of them", () => {
        const folders = documentedObjects().filter((o) => o.startsWith("ConfigMap grafana-dashboards-"));
        assert.strictEqual(folders.length, 5, folders.join(", "));
        for (const stack of stacks) {
            assert.deepStrictEqual(unique(renderedObjects(stack).filter((o) => o.startsWith("ConfigMap grafana-dashboards-"))), unique(folders), stack);
        }
    });

    it("the page no longer says Grafana needs no Kubernetes API access or no RBAC without naming team dashboards", () => {
        for (const claim of [/Grafana needs no\s+Kubernetes API access/, /and no RBAC: provisioning/]) {
            assert.doesNotMatch(PAGE, claim);
        }
    });
});
