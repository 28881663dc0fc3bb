/**
 * What one offline render of a stack costs in CPU seconds (user + system), against the floor: a
 * Node.js process that only registers ts-node, as `pulumi up` does, and loads @pulumi/pulumi and
 * @pulumi/kubernetes. Runs both as child processes, interleaved so that a busy machine weighs on
 * both alike, prints every run, the medians and their ratio, then profiles one render
 * (`node --cpu-prof`) and prints where its time went. A benchmark, not a test: it asserts nothing.
 *
 *   npm run bench:render -- [stack] [--runs N] [--top N]      (stack dev, 5 runs, top 15 by default)
 *
 * The render is the command `npm run render -- <stack>` runs, without npm around it; it writes
 * to a scratch directory, never to manifests/.
 */
import { SpawnSyncOptions } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cpuSecondsOf } from "./bench/children-cpu";
import { CpuProfile, selfTimeByOrigin } from "./bench/cpu-profile";
import { median } from "./bench/median";
import { parseAllDocuments } from "yaml";

const REPO = path.resolve(__dirname, "..");
const TS_NODE = require.resolve("ts-node/dist/bin.js");

// The floor pins TypeScript's own transpiler (no project, so not the transpiler tsconfig.json
// names, with the project's module settings), so that the floor stays the same whatever
// transpiler the program chooses; it transpiles nothing, it only loads.
const FLOOR_SCRIPT = [
    `require("ts-node").register({ transpileOnly: true, swc: false, skipProject: true, compilerOptions: { module: "commonjs", moduleResolution: "node", target: "es2020", esModuleInterop: true } });`,
    `require("@pulumi/pulumi");`,
    `require("@pulumi/kubernetes");`,
].join(" ");

/** What both SDK columns run before they register anything: the floor, the program's stack formatter, the SDK under its mocks. */
const SDK_PRELUDE = [
    FLOOR_SCRIPT,
    `require(${JSON.stringify(path.join(REPO, "startup/native-source-maps.ts"))});`,
    `const pulumi = require("@pulumi/pulumi"); const k8s = require("@pulumi/kubernetes");`,
    `pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name + "_id", state: a.inputs }), call: (a) => a.inputs }, "bench", "bench", false);`,
];

/**
 * The floor plus what the Pulumi SDK itself costs for as many resources as the render deploys:
 * the same number of small ConfigMaps, registered through the SDK's runtime mocks. The render's
 * distance from this column is the program's own cost (its modules, its libraries, building the
 * objects); its distance from the floor includes the SDK's per-resource work, which no program
 * of that many resources avoids. It formats stacks as the program does (the program's formatter,
 * startup/native-source-maps.ts), so the column does not credit the program with that switch.
 */
function sdkFloorScript(resources: number): string {
    return [
        ...SDK_PRELUDE,
        `for (let i = 0; i < ${resources}; i++) new k8s.core.v1.ConfigMap("cm-" + i, { metadata: { name: "cm-" + i }, data: { key: "value" } });`,
    ].join(" ");
}

/**
 * The floor plus the SDK registering the render's own objects, read from its manifest file: the
 * same kinds through @pulumi/kubernetes' classes, with the same inputs. What the SDK costs beyond
 * sdk+n for objects of this size (serializing big StatefulSets and ConfigMaps, every nested
 * input) is in this column and not the program's; the render's distance from it is what the
 * program itself spends on building them.
 */
function sdkObjectsScript(objectsFile: string): string {
    return [
        ...SDK_PRELUDE,
        `const objects = JSON.parse(require("fs").readFileSync(${JSON.stringify(objectsFile)}, "utf8"));`,
        // A kind the SDK has no class for (Gateway API routes) goes through CustomResource, as the program registers it.
        `objects.forEach((o, i) => { const [g, v] = o.group; const C = k8s[g]?.[v]?.[o.object.kind]; C ? new C("r-" + i, o.object) : new k8s.apiextensions.CustomResource("r-" + i, o.object); });`,
    ].join(" ");
}

/** The @pulumi/kubernetes module of an apiVersion: "apps/v1" is k8s.apps.v1, "v1" k8s.core.v1, "rbac.authorization.k8s.io/v1" k8s.rbac.v1. */
export function sdkModuleOf(apiVersion: string): [string, string] {
    const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["core", apiVersion];
    return [group.split(".")[0], version];
}

/** How many Kubernetes objects a rendered manifest file holds: one `kind:` line at the top of each. */
export function objectCount(manifestText: string): number {
    return manifestText.split("\n").filter((line) => line.startsWith("kind: ")).length;
}

interface Options {
    stack: string;
    runs: number;
    top: number;
}

function parseOptions(argv: string[]): Options {
    const options: Options = { stack: "dev", runs: 5, top: 15 };
    for (let i = 0; i < argv.length; i++) {
        const count = (): number => {
            const n = Number(argv[++i]);
            if (!Number.isInteger(n) || n < 1) {
                throw new Error(`${argv[i - 1]} wants a whole number of at least 1, got ${argv[i]}`);
            }
            return n;
        };
        if (argv[i] === "--runs") {
            options.runs = count();
        } else if (argv[i] === "--top") {
            options.top = count();
        } else {
            options.stack = argv[i];
        }
    }
    return options;
}

/** A scratch project holding only the stack file, for `render --project-dir`. */
function scratchProject(stack: string): string {
    const stackFile = `Pulumi.${stack}.yaml`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-"));
    fs.copyFileSync(path.join(REPO, stackFile), path.join(dir, stackFile));
    return dir;
}

function renderArgs(projectDir: string, stack: string): string[] {
    return [TS_NODE, "--transpile-only", path.join(REPO, "scripts/render.ts"), "--project-dir", projectDir, stack];
}

function seconds(value: number): string {
    return value.toFixed(2).padStart(7);
}

function main(): void {
    const { stack, runs, top } = parseOptions(process.argv.slice(2));
    const projectDir = scratchProject(stack);
    const spawnOptions: SpawnSyncOptions = { cwd: REPO, stdio: ["ignore", "ignore", "pipe"] };
    try {
        // One render first, to count the objects the SDK column registers.
        cpuSecondsOf(process.execPath, renderArgs(projectDir, stack), spawnOptions);
        const manifest = fs.readFileSync(path.join(projectDir, "manifests", `${stack}.yaml`), "utf8");
        const objects = objectCount(manifest);
        const objectsFile = path.join(projectDir, "objects.json");
        const parsed = parseAllDocuments(manifest)
            .map((d) => d.toJS() as { apiVersion: string; kind: string } | null)
            .filter((o): o is { apiVersion: string; kind: string } => o !== null);
        fs.writeFileSync(objectsFile, JSON.stringify(parsed.map((object) => ({ group: sdkModuleOf(object.apiVersion), object }))));
        console.log(`CPU seconds (user + sys) of the render of stack ${stack}, of the floor, of the floor plus ${objects} bare resources`);
        console.log(`(as many as the render deploys) through the SDK's mocks (sdk+n), and of the floor plus the render's own objects`);
        console.log(`through the SDK (sdk+objs); ${runs} runs each, interleaved:`);
        console.log("run      floor  sdk+n sdk+objs render");
        const floor: number[] = [];
        const sdk: number[] = [];
        const sdkObjects: number[] = [];
        const render: number[] = [];
        for (let run = 1; run <= runs; run++) {
            floor.push(cpuSecondsOf(process.execPath, ["-e", FLOOR_SCRIPT], spawnOptions));
            sdk.push(cpuSecondsOf(process.execPath, ["-e", sdkFloorScript(objects)], spawnOptions));
            sdkObjects.push(cpuSecondsOf(process.execPath, ["-e", sdkObjectsScript(objectsFile)], spawnOptions));
            render.push(cpuSecondsOf(process.execPath, renderArgs(projectDir, stack), spawnOptions));
            console.log(`${String(run).padEnd(6)}${seconds(floor[run - 1])}${seconds(sdk[run - 1])}${seconds(sdkObjects[run - 1])}${seconds(render[run - 1])}`);
        }
        const ratio = median(render) / median(floor);
        const sdkRatio = median(render) / median(sdk);
        const objectsRatio = median(render) / median(sdkObjects);
        console.log(
            `median${seconds(median(floor))}${seconds(median(sdk))}${seconds(median(sdkObjects))}${seconds(median(render))}   render/floor ${ratio.toFixed(2)}x   render/(sdk+n) ${sdkRatio.toFixed(2)}x   render/(sdk+objs) ${objectsRatio.toFixed(2)}x`,
        );

        const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-profile-"));
        cpuSecondsOf(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...renderArgs(projectDir, stack)], spawnOptions);
        const [profileFile] = fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
        const profile: CpuProfile = JSON.parse(fs.readFileSync(path.join(profileDir, profileFile), "utf8"));
        const entries = selfTimeByOrigin(profile, REPO);
        const total = entries.reduce((sum, e) => sum + e.milliseconds, 0);
        // V8 samples the main thread by the wall clock: on a busy machine the milliseconds grow
        // with the wait for a core, while the shares stay comparable between runs.
        console.log(`\nprofile of one render (node --cpu-prof, ${path.join(profileDir, profileFile)}):`);
        console.log(`self time by package, project folder or Node.js area, top ${top} of ${total.toFixed(0)} ms sampled (wall clock; compare shares)`);
        for (const { origin, milliseconds } of entries.slice(0, top)) {
            console.log(`${milliseconds.toFixed(0).padStart(7)} ms ${((100 * milliseconds) / total).toFixed(1).padStart(5)}%  ${origin}`);
        }
    } finally {
        fs.rmSync(projectDir, { recursive: true, force: true });
    }
}

if (require.main === module) {
    main();
}
