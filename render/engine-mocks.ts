import * as pulumi from "@pulumi/pulumi";

/**
 * The one Pulumi runtime mock registration of this process. The offline render and the tests
 * both run the real program against it; a second setMocks call would swap the monitor under
 * registrations that are still in flight, so everything that needs the mocks imports this module.
 */

/** One resource as the Pulumi engine would have received it. */
export interface RegisteredResource {
    type: string;
    name: string;
    inputs: Record<string, any>;
    parent?: string;
    /** The provider reference (`<urn>::<id>`) that the resource was registered with, if any. */
    provider?: string;
    /** The registration as the engine received it: parent, aliases and every resource option (render/resource-snapshot.ts). */
    request?: RegistrationRequest;
}

/** The parts of a RegisterResourceRequest that decide a resource's identity and its diff, as the engine reads them. */
export interface RegistrationRequest {
    /** A resource read from elsewhere (readResource), not managed: a StackReference. */
    read?: boolean;
    /** The parent's URN as the mock monitor computed it (it keeps only the parent's own type). */
    parent: string;
    custom: boolean;
    protect: boolean;
    deleteBeforeReplace: boolean;
    ignoreChanges: string[];
    replaceOnChanges: string[];
    retainOnDelete: boolean;
    additionalSecretOutputs: string[];
    deletedWith: string;
    customTimeouts?: { create: string; update: string; delete: string };
    version: string;
    pluginDownloadUrl: string;
    /** Alias specs and alias URNs exactly as the SDK sent them; the engine resolves them (render/resource-snapshot.ts). */
    aliases: { urn?: string; spec?: { name: string; type: string; stack: string; project: string; parentUrn: string; noParent: boolean } }[];
}

const registered: RegisteredResource[] = [];

/** The outputs of other stacks, by their full name, as a StackReference reads them (setStackOutputs). */
const stackOutputs = new Map<string, { outputs: Record<string, unknown>; secretOutputNames: string[] }>();

/**
 * Makes `new pulumi.StackReference(stack)` read `outputs`: for a program that reads another
 * stack's outputs (examples/team-program reads the platform's teamContract), rendered offline.
 * `secretOutputNames` are the outputs the other stack exported as secrets, as the engine reports
 * them: their StackReference outputs are secrets too.
 */
export function setStackOutputs(stack: string, outputs: Record<string, unknown>, secretOutputNames: string[] = []): void {
    stackOutputs.set(stack, { outputs, secretOutputNames });
}

/** Whether something set `stack`'s outputs (setStackOutputs): an offline render reads no other stack, so it stands in for those nobody set. */
export function hasStackOutputs(stack: string): boolean {
    return stackOutputs.has(stack);
}

/** Forgets `stack`'s outputs: a StackReference to it reads none again. */
export function clearStackOutputs(stack: string): void {
    stackOutputs.delete(stack);
}

/**
 * What the random provider would compute, for the outputs the program reads. Each value is
 * derived from the resource's name, so a render is the same every time and a test can tell the
 * generated value apart wherever it turns up.
 */
export function mockedProviderOutputs(type: string, name: string): Record<string, unknown> {
    switch (type) {
        case "random:index/randomPassword:RandomPassword":
            return { result: `mock-generated-${name}`, bcryptHash: `mock-bcrypt-${name}` };
        case "random:index/randomUuid:RandomUuid":
            return { result: `mock-uuid-${name}` };
        // A StackReference's name is the stack's full name; a stack nobody set has no outputs.
        case "pulumi:pulumi:StackReference":
            return stackOutputs.get(name) ?? { outputs: {}, secretOutputNames: [] };
        default:
            return {};
    }
}

// Runtime mocks stand in for the CLI and engine, so the real components run offline.
const mocks: pulumi.runtime.Mocks = {
    newResource(args) {
        const request = pendingRequest;
        pendingRequest = undefined;
        registered.push({ type: args.type, name: args.name, inputs: args.inputs, provider: args.provider, ...(request ? { request: registrationOf(request) } : {}) });
        // A StackReference's stack is its `name` input, which defaults to the resource's name.
        const name = args.type === "pulumi:pulumi:StackReference" ? String(args.inputs.name ?? args.name) : args.name;
        return { id: `${args.name}-id`, state: { ...args.inputs, ...mockedProviderOutputs(args.type, name) } };
    },
    call(args) {
        return args.inputs;
    },
};

/**
 * The mock monitor hands newResource only type, name, inputs and provider. Its registerResource
 * calls newResource synchronously, before its first await, so the request it was called with is
 * the one newResource belongs to: kept here for that one call.
 */
let pendingRequest: any;
// Internal to @pulumi/pulumi (pinned in package.json): the mock monitor every setMocks call makes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as { MockMonitor: { prototype: object } };
// A read resource (a StackReference) reaches newResource through readResource in the same way.
for (const method of ["registerResource", "readResource"] as const) {
    const original = (MockMonitor.prototype as any)[method] as (req: any, callback: unknown) => Promise<void>;
    (MockMonitor.prototype as any)[method] = function (this: unknown, req: any, callback: unknown) {
        pendingRequest = { req, read: method === "readResource" };
        try {
            return original.call(this, req, callback);
        } finally {
            pendingRequest = undefined;
        }
    };
}

function registrationOf({ req, read }: { req: any; read: boolean }): RegistrationRequest {
    if (read) {
        // ReadResourceRequest: a resource the program reads and never changes; only its identity counts.
        const o = req.toObject();
        return { read: true, parent: o.parent, custom: true, protect: false, deleteBeforeReplace: false, ignoreChanges: [], replaceOnChanges: [], retainOnDelete: false, additionalSecretOutputs: o.additionalsecretoutputsList ?? [], deletedWith: "", version: o.version ?? "", pluginDownloadUrl: o.plugindownloadurl ?? "", aliases: [] };
    }
    // Field by field through the request's getters, not req.toObject(): that converts the whole
    // request, the resource's inputs (a protobuf Struct) and the SDK's stack trace included, which
    // nothing here reads; it was about 3% of a render (issue #47). Each getter returns what
    // toObject put under the same field, unset optional booleans as false.
    // (toObject named the delete timeout pb_delete, so it was never recorded; no resource sets one yet.)
    const t = req.getCustomtimeouts();
    const timeouts = t ? { create: t.getCreate(), update: t.getUpdate(), delete: t.getDelete() } : undefined;
    return {
        parent: req.getParent(),
        custom: req.getCustom(),
        protect: req.getProtect(),
        deleteBeforeReplace: req.getDeletebeforereplace(),
        ignoreChanges: req.getIgnorechangesList(),
        replaceOnChanges: req.getReplaceonchangesList(),
        retainOnDelete: req.getRetainondelete(),
        additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
        deletedWith: req.getDeletedwith(),
        ...(timeouts && (timeouts.create || timeouts.update || timeouts.delete) ? { customTimeouts: { create: timeouts.create, update: timeouts.update, delete: timeouts.delete } } : {}),
        version: req.getVersion(),
        pluginDownloadUrl: req.getPlugindownloadurl(),
        aliases: [
            ...req.getAliasurnsList().map((urn: string) => ({ urn })),
            ...req.getAliasesList().map((alias: any) => {
                const a = alias.toObject();
                return a.urn
                    ? { urn: a.urn }
                    : { spec: { name: a.spec.name, type: a.spec.type, stack: a.spec.stack, project: a.spec.project, parentUrn: a.spec.parenturn ?? "", noParent: a.spec.noparent ?? false } };
            }),
        ],
    };
}

export const PROJECT = "cluster-monitoring";
let currentStack = "test";
pulumi.runtime.setMocks(mocks, PROJECT, currentStack, false);

/**
 * Makes pulumi.getStack() return `stack`, as it does under `pulumi up --stack <stack>`. It
 * re-registers the same mocks, which resets the engine state, so callers do it only between
 * runs, once waitForRegistrations has resolved.
 */
export function useStack(stack: string): void {
    if (stack !== currentStack) {
        resetEngine(stack);
    }
}

/**
 * A fresh mock engine for `stack`, even when it is already the current one: for a caller that
 * reads the engine's own state (every URN it made), which an earlier run of the same stack in
 * this process would otherwise still hold. Only between runs, as useStack.
 */
export function resetEngine(stack: string): void {
    pulumi.runtime.setMocks(mocks, PROJECT, stack, false);
    currentStack = stack;
}

// Internal to @pulumi/pulumi (pinned in package.json): resolves once every pending registration
// has reached the mocks, which no public API offers.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { waitForRPCs } = require("@pulumi/pulumi/runtime/settings") as { waitForRPCs: () => Promise<void> };

export function waitForRegistrations(): Promise<void> {
    return waitForRPCs();
}

/** Runs `build` and returns every resource it registered, in registration order. */
export async function captureResources(build: () => unknown): Promise<RegisteredResource[]> {
    const start = registered.length;
    build();
    await waitForRPCs();
    return registered.slice(start);
}

/** Every resource registered so far in this process, to check that a failed run added none. */
export function allRegistered(): readonly RegisteredResource[] {
    return registered;
}

// How the Pulumi RPC layer marks a secret value; mocks receive secrets in this wrapped form.
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";

export function isWrappedSecret(value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as any)[SECRET_SIG_KEY] === SECRET_SIG_VALUE;
}

/** The plain value inside a secret as the engine received it; fails when the value is not a secret. */
export function unwrapSecret(value: unknown): any {
    if (!isWrappedSecret(value)) {
        throw new Error(`expected a Pulumi secret, got ${JSON.stringify(value)}`);
    }
    return (value as any).value;
}
