import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { PROJECT, RegisteredResource } from "../render/engine-mocks";
import { Announcement, announcementsSince } from "../render/changelog";
import { baselineOf } from "../render/release-fixtures";
import { resourceSnapshot, SnapshotEntry } from "../render/resource-snapshot";
import { registered, snapshotStacks } from "../render/snapshot-stacks";
import { Finding, upgradeFindings } from "../render/upgrade-check";

// An upgrade from the newest release (tests/fixtures/releases; until the first one, the committed
// resource snapshot, the last landed main) to HEAD loses nothing that CHANGELOG.md does not
// announce: no URN goes without an alias, no object moves to a new URN, and no change the pinned
// providers replace on (render/replacement-rules.ts) reaches a kept resource.

const CHANGELOG = fs.readFileSync(path.join(__dirname, "..", "CHANGELOG.md"), "utf8");
const AGAINST = (f: Finding) => `${f.kind} ${f.urn}: ${f.detail}`;

describe("upgrading each stack from its newest release to HEAD loses nothing unannounced (CHANGELOG.md)", () => {
    for (const stack of snapshotStacks()) {
        it(`stack ${stack}`, async () => {
            const base = baselineOf(stack);
            const now = resourceSnapshot(await registered(stack), stack.replace(/^examples-/, ""), PROJECT);
            assert.ok(base.entries.length > 0, `no baseline for ${stack} (${base.source})`);
            assert.deepStrictEqual(upgradeFindings(base.entries, now, announcementsSince(CHANGELOG, base.version)).map(AGAINST), [], `against ${base.source}`);
        });
    }
});

// Mutations made by hand on what dev registers, snapshotted as the engine would compute them: each
// is a change that would lose state, and each must be found; its fixed form must pass.
describe("the upgrade check finds each kind of loss (hand-made mutations of stack dev)", () => {
    let raw: RegisteredResource[];
    let base: SnapshotEntry[];
    before(async () => {
        raw = await registered("dev");
        base = resourceSnapshot(raw, "dev", PROJECT);
    });

    const M = "cluster-monitoring:monitoring:Alertmanager";
    const mockUrn = (qualifiedType: string, name: string) => `urn:pulumi:dev::${PROJECT}::${qualifiedType}::${name}`;
    const spec = (s: Partial<{ name: string; type: string; parentUrn: string; noParent: boolean }>) => ({ spec: { name: "", type: "", stack: "", project: "", parentUrn: "", noParent: false, ...s } });

    /** A deep copy of dev's registrations with `edit` applied, snapshotted as the engine computes it. */
    function mutated(edit: (rs: RegisteredResource[]) => void): SnapshotEntry[] {
        const rs = structuredClone(raw);
        edit(rs);
        return resourceSnapshot(rs, "dev", PROJECT);
    }
    const find = (rs: RegisteredResource[], type: string, name?: string) => {
        const r = rs.find((x) => x.type === type && (name === undefined || x.name === name));
        assert.ok(r, `dev registers no ${type} ${name ?? ""}`);
        return r;
    };
    const childrenOf = (rs: RegisteredResource[], parentMock: string) => rs.filter((r) => r.request?.parent === parentMock);
    /** Moves a registration under another parent as the SDK would send it: its parent, and the parent it fills into each alias spec (runtime/resource.js mapAliasesForRequest). */
    const reparent = (r: RegisteredResource, parentMock: string) => {
        for (const a of r.request!.aliases) if (a.spec && a.spec.parentUrn === r.request!.parent) a.spec.parentUrn = parentMock;
        r.request!.parent = parentMock;
    };
    const findings = (now: SnapshotEntry[], announced: Announcement[] = []) => upgradeFindings(base, now, announced);
    const kinds = (fs: Finding[]) => fs.map((f) => `${f.kind} ${f.urn.slice(f.urn.lastIndexOf("::") + 2)}`).sort();

    it("HEAD against itself: nothing", () => {
        assert.deepStrictEqual(findings(resourceSnapshot(raw, "dev", PROJECT)), []);
    });

    it("a renamed component: its URN disappears; with an alias to its old name, nothing", () => {
        const rename = (alias: boolean) =>
            mutated((rs) => {
                const c = find(rs, M, "alertmanager");
                for (const child of childrenOf(rs, mockUrn(M, "alertmanager"))) reparent(child, mockUrn(M, "alerts"));
                c.name = "alerts";
                if (alias) c.request!.aliases.push(spec({ name: "alertmanager" }));
            });
        assert.deepStrictEqual(kinds(findings(rename(false))), ["disappears alertmanager"]);
        assert.deepStrictEqual(findings(rename(true)), []);
    });

    it("a moved parent: the Secret's URN disappears and its object is adopted by the new URN; with an alias to the old parent, nothing", () => {
        const move = (alias: boolean) =>
            mutated((rs) => {
                const s = find(rs, "kubernetes:core/v1:Secret", "alertmanager-config");
                reparent(s, mockUrn("cluster-monitoring:dashboards:Grafana", "grafana"));
                if (alias) s.request!.aliases.push(spec({ parentUrn: mockUrn(M, "alertmanager") }));
            });
        assert.deepStrictEqual(kinds(findings(move(false))), ["adopted alertmanager-config", "disappears alertmanager-config"]);
        assert.deepStrictEqual(findings(move(true)), []);
    });

    it("a renamed parent type: every child's URN goes too; one alias on the parent carries its children (inherited aliases)", () => {
        const moved = "cluster-monitoring:alerting:Alertmanager";
        const retype = (alias: boolean) =>
            mutated((rs) => {
                const c = find(rs, M, "alertmanager");
                for (const child of childrenOf(rs, mockUrn(M, "alertmanager"))) reparent(child, mockUrn(moved, "alertmanager"));
                c.type = moved;
                if (alias) c.request!.aliases.push(spec({ type: M }));
            });
        const without = kinds(findings(retype(false)));
        assert.ok(without.includes("disappears alertmanager") && without.includes("disappears alertmanager-statefulset") && without.includes("adopted alertmanager-statefulset"), without.join("\n"));
        assert.deepStrictEqual(findings(retype(true)), []);
    });

    it("a renamed parent whose children's names start with its name: they inherit its alias under the old prefix (inheritedChildAlias)", () => {
        const rename = (alias: boolean) =>
            mutated((rs) => {
                const c = find(rs, M, "alertmanager");
                for (const child of childrenOf(rs, mockUrn(M, "alertmanager"))) {
                    reparent(child, mockUrn(M, "alerting"));
                    child.name = child.name.replace(/^alertmanager/, "alerting");
                }
                c.name = "alerting";
                if (alias) c.request!.aliases.push(spec({ name: "alertmanager" }));
            });
        const without = kinds(findings(rename(false)));
        assert.ok(without.includes("disappears alertmanager-statefulset") && without.includes("adopted alerting-statefulset"), without.join("\n"));
        assert.deepStrictEqual(findings(rename(true)), []);
    });

    it("a changed StatefulSet selector is a replacement, unless the changelog announces it", () => {
        let object = "";
        const now = mutated((rs) => {
            const s = find(rs, "kubernetes:apps/v1:StatefulSet", "alertmanager-statefulset");
            s.inputs.spec.selector.matchLabels = { ...s.inputs.spec.selector.matchLabels, tier: "alerting" };
            object = `StatefulSet ${s.inputs.metadata.namespace}/${s.inputs.metadata.name}`;
        });
        const found = findings(now);
        assert.deepStrictEqual(kinds(found), ["replaced alertmanager-statefulset"]);
        assert.match(found[0].detail, /spec\.selector changed.*diff\.go var statefulSet/);
        assert.deepStrictEqual(findings(now, [{ verb: "Replaces", what: object, version: "Unreleased" }]), []);
        // The announcement names that object only.
        assert.strictEqual(findings(now, [{ verb: "Replaces", what: "StatefulSet monitoring/other", version: "Unreleased" }]).length, 1);
    });

    it("a changed Deployment selector is a replacement; a changed pod template is not", () => {
        const selector = mutated((rs) => {
            const d = find(rs, "kubernetes:apps/v1:Deployment", "grafana-deployment");
            d.inputs.spec.selector.matchLabels = { ...d.inputs.spec.selector.matchLabels, extra: "1" };
        });
        assert.deepStrictEqual(kinds(findings(selector)), ["replaced grafana-deployment"]);
        const template = mutated((rs) => {
            find(rs, "kubernetes:apps/v1:Deployment", "grafana-deployment").inputs.spec.template.metadata.annotations = { changed: "1" };
        });
        assert.deepStrictEqual(findings(template), []);
    });

    it("a changed password length replaces the generated password", () => {
        const now = mutated((rs) => {
            const p = find(rs, "random:index/randomPassword:RandomPassword", "grafana-admin-password");
            p.inputs.length = Number(p.inputs.length) + 1;
        });
        const found = findings(now);
        assert.deepStrictEqual(kinds(found), ["replaced grafana-admin-password"]);
        assert.match(found[0].detail, /^length changed.*resource_password\.go/);
        assert.deepStrictEqual(findings(now, [{ verb: "Replaces", what: "RandomPassword grafana-admin-password", version: "Unreleased" }]), []);
    });

    it("a Secret's changed data is an update while the provider's enableSecretMutable is set, and a replacement without it", () => {
        const data = (mutable: boolean) =>
            mutated((rs) => {
                const s = find(rs, "kubernetes:core/v1:Secret", "alertmanager-config");
                const key = Object.keys(s.inputs.stringData ?? s.inputs.data)[0];
                (s.inputs.stringData ?? s.inputs.data)[key] = "changed";
                if (!mutable) find(rs, "pulumi:providers:kubernetes", "cluster").inputs.enableSecretMutable = "false";
            });
        assert.deepStrictEqual(findings(data(true)), []);
        assert.deepStrictEqual(kinds(findings(data(false))), ["replaced alertmanager-config"]);
    });

    it("a provider input that points elsewhere replaces the provider (and so every resource)", () => {
        const now = mutated((rs) => {
            find(rs, "pulumi:providers:kubernetes", "cluster").inputs.context = "another-cluster";
        });
        assert.deepStrictEqual(kinds(findings(now)), ["replaced cluster"]);
        // With a clusterIdentifier set before and after, only a changed identifier replaces (DiffConfig).
        const identified = (id: string, context?: string) =>
            mutated((rs) => {
                const p = find(rs, "pulumi:providers:kubernetes", "cluster");
                p.inputs.clusterIdentifier = id;
                if (context) p.inputs.context = context;
            });
        const before = identified("one");
        assert.deepStrictEqual(upgradeFindings(before, identified("one", "another-cluster"), []), []);
        assert.deepStrictEqual(kinds(upgradeFindings(before, identified("two"), [])), ["replaced cluster"]);
        // Adding an identifier replaces nothing by itself.
        assert.deepStrictEqual(findings(identified("one")), []);
    });

    it("a Secret renamed in Pulumi under the same object: disappears and adopted, unless announced", () => {
        let object = "";
        const now = mutated((rs) => {
            const s = find(rs, "kubernetes:core/v1:Secret", "alertmanager-config");
            s.name = "alertmanager-configuration";
            object = `Secret ${s.inputs.metadata.namespace}/${s.inputs.metadata.name}`;
        });
        assert.deepStrictEqual(kinds(findings(now)), ["adopted alertmanager-configuration", "disappears alertmanager-config"]);
        assert.deepStrictEqual(findings(now, [{ verb: "Replaces", what: object, version: "Unreleased" }]), []);
    });
});
