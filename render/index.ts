import * as fs from "fs";
import * as path from "path";
import { KubernetesObject, kubernetesObjects } from "./kubernetes-objects";
import { manifestFile } from "./manifest-file";
import * as pulumi from "@pulumi/pulumi";
import { clearStackOutputs, hasStackOutputs, RegisteredResource, setStackOutputs, waitForRegistrations } from "./engine-mocks";
import { runProgram } from "./run-program";
import { readStackConfig } from "./stack-file";
import { pulumiConfigSource, Settings } from "../config";
import { loadStackSettings } from "../stack";
import { offlineStandIns } from "../stack/build";
import { OfflineStandIn } from "../components/contribution";
import { productionChecklist } from "../stack/production-checklist";
import { capacityPlanOf, planText } from "../stack/capacity-plan";

export { KubernetesObject } from "./kubernetes-objects";
export { SECRET_MARKER } from "./secret-marker";
export { engineConfigOf, readStackConfig, StackFileError, stacksIn } from "./stack-file";

/** The command that regenerates one stack's manifest file; messages name it so a reader can run it. */
export function renderCommand(stack: string): string {
    return `npm run render -- ${stack}`;
}

/** Where a stack's rendered manifests are committed, relative to the project directory. */
export function manifestPath(projectDir: string, stack: string): string {
    return path.join(projectDir, "manifests", `${stack}.yaml`);
}

export interface RenderedStack {
    objects: KubernetesObject[];
    /** The manifest file's bytes. */
    text: string;
    /** The production checklist the render prints (stack/production-checklist.ts). */
    checklist: string;
    /** The capacity plan the render prints (stack/capacity-plan.ts, docs/capacity.md). */
    capacity: string;
    /** The validated settings the program ran with. */
    settings: Settings;
    /**
     * Every object the render could not produce as it would deploy, and why: each depends on
     * another stack's output, which an offline render cannot read, so it holds a placeholder
     * (never a real secret) where that output's value goes. Empty for a stack that reads no other stack.
     */
    placeholders: PlaceholderObject[];
}

/** An object rendered with a placeholder for another stack's output. */
export interface PlaceholderObject {
    /** "Secret monitoring/long-term-store-vmauth". */
    object: string;
    stack: string;
    output: string;
    /** The sentence the render prints. */
    reason: string;
}

/** The placeholder an offline render puts where another stack's output would go: marked, one line, never a secret. */
export function offlinePlaceholder(stack: string, output: string, variant = 1): string {
    return `OFFLINE-RENDER-PLACEHOLDER-${variant} (stack ${stack}'s output ${output}, which an offline render cannot read)`;
}

function objectName(r: RegisteredResource): string {
    const m = r.inputs.metadata ?? {};
    return `${r.inputs.kind} ${m.namespace ? `${m.namespace}/` : ""}${m.name}`;
}

/** Each Kubernetes object's inputs by its kind, namespace and name, to tell which change with a stand-in. */
function objectInputs(resources: readonly RegisteredResource[]): Map<string, string> {
    const kubernetes = resources.filter((r) => /^kubernetes:(?!providers:)/.test(r.type));
    return new Map(kubernetes.map((r) => [objectName(r), JSON.stringify(r.inputs)]));
}

/** What the render printed beside the checklist: each object it rendered with a placeholder, or nothing. */
export function placeholderReport(stack: string, placeholders: readonly PlaceholderObject[]): string {
    if (placeholders.length === 0) {
        return "";
    }
    const lines = [`Not rendered as deployed: stack ${stack}'s manifest holds a placeholder in these objects, not what pulumi up would apply:`];
    lines.push(...placeholders.map((p) => `    ${p.reason}`));
    return `${lines.join("\n")}\n`;
}

/** Every container image of the rendered objects' pod templates. */
export function imagesOf(objects: readonly KubernetesObject[]): string[] {
    const images: string[] = [];
    const visit = (value: unknown, key?: string) => {
        if (Array.isArray(value)) {
            value.forEach((v) => visit(v, key));
        } else if (typeof value === "object" && value !== null) {
            const o = value as Record<string, unknown>;
            if ((key === "containers" || key === "initContainers") && typeof o.image === "string") {
                images.push(o.image);
            }
            for (const [k, v] of Object.entries(o)) {
                visit(v, k);
            }
        }
    };
    visit(objects);
    return [...new Set(images)];
}

/**
 * Runs the real program with one stack's config under the runtime mocks and returns every
 * Kubernetes object it would deploy. A ConfigError from the stack file propagates unchanged.
 */
export async function renderStack(projectDir: string, stack: string): Promise<RenderedStack> {
    const config = readStackConfig(projectDir, stack);
    // The other stacks' outputs the program would read and nobody handed the engine mock (a test may): each gets a stand-in.
    await waitForRegistrations();
    pulumi.runtime.setAllConfig(config.values, config.secretKeys);
    // Loaded once for the render: the stand-ins, the program's first run (which takes them instead of
    // loading the same config again) and the checklist. Settings are never changed once loaded.
    const settings = loadStackSettings(pulumiConfigSource());
    const standIns = offlineStandIns(settings, (s, o) => offlinePlaceholder(s, o)).filter((x) => !hasStackOutputs(x.stack));
    const { resources, placeholders } = await renderWithStandIns(config, stack, standIns, settings);
    const objects = kubernetesObjects(resources);
    const checklist = productionChecklist({
        stack,
        settings,
        objects,
        images: imagesOf(objects),
        secretKeys: config.secretKeys,
        generated: resources.filter((r) => r.type === "random:index/randomPassword:RandomPassword").map((r) => r.name),
    });
    const header =
        `# Every Kubernetes object that stack "${stack}" deploys, rendered offline from Pulumi.${stack}.yaml.\n` +
        `# Generated by '${renderCommand(stack)}'; do not edit. Secrets show as [secret].\n` +
        placeholders.map((p) => `# PLACEHOLDER: ${p.reason}\n`).join("");
    return { objects, text: manifestFile(objects, header), checklist, capacity: planText(capacityPlanOf(settings)), settings, placeholders };
}

/**
 * Runs the program with every stand-in, then once more per stand-in with another placeholder in
 * it: an object whose inputs change with it depends on that output (a Secret holds it, a
 * Deployment rolls on its checksum). The first run is the one rendered. The stand-ins are taken
 * back afterwards, so a later run reads what it read before.
 */
async function renderWithStandIns(
    config: ReturnType<typeof readStackConfig>,
    stack: string,
    standIns: OfflineStandIn[],
    settings: Settings,
): Promise<{ resources: RegisteredResource[]; placeholders: PlaceholderObject[] }> {
    if (standIns.length === 0) {
        return { resources: (await runProgram(config, stack, undefined, settings)).resources, placeholders: [] };
    }
    const variant = (changed?: OfflineStandIn) => {
        for (const x of standIns) {
            const value = x === changed ? JSON.parse(JSON.stringify(x.value).split(offlinePlaceholder(x.stack, x.output)).join(offlinePlaceholder(x.stack, x.output, 2))) : x.value;
            setStackOutputs(x.stack, { [x.output]: value }, x.secret ? [x.output] : []);
        }
    };
    try {
        variant();
        // The first run takes the render's settings; each variant loads its own, so it reads the edge stacks' outputs again.
        const { resources } = await runProgram(config, stack, undefined, settings);
        const base = objectInputs(resources);
        const placeholders: PlaceholderObject[] = [];
        for (const x of standIns) {
            variant(x);
            const other = objectInputs((await runProgram(config, stack)).resources);
            for (const object of new Set([...base.keys(), ...other.keys()])) {
                if (base.get(object) !== other.get(object)) {
                    const reason = `${object}: needs stack ${x.stack}'s output ${x.output}, which an offline render cannot read; rendered with a placeholder in its place`;
                    placeholders.push({ object, stack: x.stack, output: x.output, reason });
                }
            }
        }
        return { resources, placeholders };
    } finally {
        standIns.forEach((x) => clearStackOutputs(x.stack));
    }
}

/** Renders a stack and writes its manifest file; returns the file's path. */
export async function writeRenderedStack(projectDir: string, stack: string): Promise<{ file: string; checklist: string; capacity: string; placeholders: string }> {
    const { text, checklist, capacity, placeholders } = await renderStack(projectDir, stack);
    const file = manifestPath(projectDir, stack);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return { file, checklist, capacity, placeholders: placeholderReport(stack, placeholders) };
}
