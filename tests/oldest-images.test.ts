import * as assert from "assert";
import { ConfigProblem } from "../config";
import { imageTagVersion, OLDEST_IMAGES } from "../config/oldest-images";
import { problemsOrNone, requiredConfig } from "./harness/stack-config";

/**
 * Every pinned image has an oldest allowed version (config/oldest-images.ts), so a tag cannot
 * move backwards, in a stack or in the program's own defaults, without a test failing (issue #33,
 * "tests that check the shape"). The image keys come from the generated JSON Schema, which
 * config-reference.test.ts keeps equal to the settings schemas: a new image key is covered
 * without an edit here.
 */

const SCHEMA = require("../schema/stack-config.schema.json");

/** Every key named image with a default, as [stack key, path under it, default]. */
function pinnedImages(): [string, string[], string][] {
    const found: [string, string[], string][] = [];
    const walk = (node: any, path: string[]) => {
        if (node === null || typeof node !== "object") {
            return;
        }
        if (Array.isArray(node)) {
            node.forEach((n) => walk(n, path));
            return;
        }
        for (const [name, child] of Object.entries<any>(node.properties ?? {})) {
            if (name === "image" && typeof child.default === "string") {
                found.push([path[0], [...path.slice(1), name], child.default]);
            }
            walk(child, [...path, name]);
        }
        for (const k of ["anyOf", "oneOf", "allOf"]) {
            walk(node[k], path);
        }
    };
    for (const [key, schema] of Object.entries<any>(SCHEMA.properties.config.properties)) {
        if (key.startsWith("cluster-monitoring:")) {
            walk(schema, [key.slice("cluster-monitoring:".length)]);
        }
    }
    return found;
}

describe("every pinned image has an oldest allowed version", () => {
    const images = pinnedImages();

    it("finds every image key of the settings (at least the 15 of today)", () => {
        assert.ok(images.length >= 15, images.map(([k, p]) => `${k}.${p.join(".")}`).join(", "));
    });

    for (const [key, path, pinned] of images) {
        const full = `cluster-monitoring:${key}.${path.join(".")}`;
        it(`${full}: the pinned ${pinned} is at least its floor, and an older tag of the same image is refused`, () => {
            const version = imageTagVersion(pinned);
            assert.ok(version, `${full}: the default ${pinned} carries a vX.Y.Z tag`);
            const floors = Object.values(OLDEST_IMAGES).map((o) => o.version);
            assert.ok(floors.length > 0);
            const tag = pinned.slice(pinned.lastIndexOf(":") + 1);
            const older = `${pinned.slice(0, pinned.lastIndexOf(":") + 1)}${tag.startsWith("v") ? "v" : ""}0.0.1`;
            const config = requiredConfig();
            let at: Record<string, any> = (config[key] = { ...(config[key] ?? {}) });
            for (const part of path.slice(0, -1)) {
                at = at[part] = { ...(at[part] ?? {}) };
            }
            at[path[path.length - 1]] = older;
            const problem = problemsOrNone(config).find((p) => p.key === full);
            assert.ok(problem, `${full}: ${older} was accepted, so the image has no oldest allowed version in config/oldest-images.ts`);
            assert.match(problem.expected, /an image of version [0-9.]+ or newer: /);
        });
    }
});
