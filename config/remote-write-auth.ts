import { closedObject, choice, stringList, stringMap, text, whenClean } from "./fields";
import { z } from "zod";
import { credentialInPlainText, credentialNamed, credentialNeighbours } from "./credentials";
import { absoluteHttpUrl } from "./formats";
import { SECRET_VALUE } from "./problems";
import { RESERVED_REMOTE_WRITE_HEADERS } from "../prometheus-releases/remote-write-auth";

/**
 * The ways a remote_write target authenticates beyond basic auth and a bearer token
 * (docs/long-term-storage.md#authentication): custom headers, sigv4, OAuth2 client credentials and
 * Azure AD. Every credential is a top-level secret stack key that lands in the remote-write
 * Secret: Prometheus reads it as a file where it can (client_secret_file), and from the
 * environment, filled from that Secret, where it cannot (sigv4's keys, Azure's client secret).
 * Which release reads each key is prometheus-releases/remote-write-auth.ts.
 */

/**
 * A top-level stack key holding a secret; camelCase like the program's own keys, and it names the
 * file in the remote-write Secret, so it is a valid Secret key. Here rather than in remote-write.ts,
 * which imports this file.
 */
export function secretKeyName(value: string): string | undefined {
    return /^[a-z][A-Za-z0-9]{0,62}$/.test(value)
        ? undefined
        : "the name of a top-level stack key in camelCase, such as remoteWritePassword (letters and digits, starting with a lower-case letter)";
}

/**
 * Refuses each entry of a map of plain values that looks like a credential (config/credentials.ts),
 * for a field whose consumer has no file or env indirection: `where` says why it cannot be a reference.
 */
export function refuseCredentials(m: Record<string, string | readonly string[]>, ctx: z.RefinementCtx, where: string): void {
    for (const [name, value] of Object.entries(m)) {
        const why = [value].flat().map((v) => credentialInPlainText(name, v)).find((w) => w !== undefined);
        if (why !== undefined) {
            ctx.addIssue({ code: "custom", path: [name], input: SECRET_VALUE, message: `no credential in plain text: ${name} looks like one (${why}); ${where}; ${credentialNeighbours()}` });
        }
    }
}

/** An HTTP header name (RFC 9110 token characters). */
function headerName(value: string): string | undefined {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/.test(value)) {
        return "an HTTP header name such as X-Scope-OrgID (letters, digits and -, at most 128 characters)";
    }
    if (RESERVED_REMOTE_WRITE_HEADERS.includes(value.toLowerCase())) {
        return `a header Prometheus lets a target set: it refuses ${value} (config/config.go reservedHeaders), and sets it itself or through the auth settings`;
    }
    // Header values are written into the config's ConfigMap, readable by anyone who can read the namespace.
    const named = credentialNamed(value);
    if (named !== undefined) {
        return `a header that carries no credential: ${value} looks like one (its name ends in ${named}), and header values are written into the config's ConfigMap, with no file or env indirection; use bearerTokenKey, oauth2 or another auth setting, which read a Secret`;
    }
    return undefined;
}

/** An AWS region such as eu-west-1 or us-gov-west-1. */
function awsRegion(value: string): string | undefined {
    return /^[a-z]{2}(-[a-z]+)+-\d$/.test(value) ? undefined : "an AWS region such as eu-west-1";
}

function roleArn(value: string): string | undefined {
    return /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/.test(value) ? undefined : "an IAM role ARN such as arn:aws:iam::123456789012:role/prometheus-writer";
}

/** An Azure AD client or tenant id: a GUID (Prometheus checks the tenant against ^[0-9a-zA-Z-.]+$). */
function azureId(value: string): string | undefined {
    return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(value)
        ? undefined
        : "a GUID such as 00000000-0000-0000-0000-000000000000";
}

/** An OAuth scope or endpoint parameter: written into the ConfigMap, so nothing that looks like a credential. */
function oauthText(value: string): string | undefined {
    return /\s/.test(value) ? "text without spaces (one scope per list entry)" : undefined;
}

/** The URL that gets the client id and secret: like the write URL, never user info or a query, which land in the ConfigMap. */
function tokenUrl(value: string): string | undefined {
    return absoluteHttpUrl(value, { storedIn: "a ConfigMap", noQuery: "put parameters in endpointParams; a query often carries an API key, and the URL is stored in a ConfigMap" });
}

export const headersSchema = stringMap(headerName, undefined).superRefine((m, ctx) => {
    if (Object.keys(m).length === 0) {
        ctx.addIssue({ code: "custom", input: m, message: "at least one header, or no headers key" });
    }
    const lower = Object.keys(m).map((k) => k.toLowerCase());
    Object.keys(m).forEach((k, i) => {
        if (lower.indexOf(k.toLowerCase()) !== i) {
            ctx.addIssue({ code: "custom", path: [k], input: k, message: "a header name given once, whatever its case: HTTP header names are case-insensitive" });
        }
    });
});

/** The environment variables the AWS SDK's default credential chain reads (docs: sigv4 reads no file). */
export const SIGV4_ENV = { accessKeyId: "AWS_ACCESS_KEY_ID", secretAccessKey: "AWS_SECRET_ACCESS_KEY" } as const;

export const sigv4Schema = closedObject({
    region: text(awsRegion, "eu-west-1").meta({ description: "the AWS region of the workspace" }),
    accessKeyIdKey: text(secretKeyName)
        .optional()
        .meta({ description: "the top-level secret key holding the access key id (AWS_ACCESS_KEY_ID); with secretAccessKeyKey, or neither for the pod's cloud identity" }),
    secretAccessKeyKey: text(secretKeyName).optional().meta({ description: "the top-level secret key holding the secret access key (AWS_SECRET_ACCESS_KEY)" }),
    roleArn: text(roleArn).optional().meta({ description: "a role to assume with those credentials (role_arn)" }),
}).superRefine((s, ctx) => {
    if ((s.accessKeyIdKey === undefined) !== (s.secretAccessKeyKey === undefined)) {
        ctx.addIssue({
            code: "custom",
            path: [s.accessKeyIdKey === undefined ? "accessKeyIdKey" : "secretAccessKeyKey"],
            input: undefined,
            message: "both accessKeyIdKey and secretAccessKeyKey, or neither for the pod's cloud identity (IRSA, EKS Pod Identity)",
        });
    }
}, whenClean("accessKeyIdKey", "secretAccessKeyKey"));

export const oauth2Schema = closedObject({
    clientId: text(undefined, "prometheus-writer").meta({ description: "the client id, written into the config" }),
    clientSecretKey: text(secretKeyName, "remoteWriteClientSecret").meta({ description: "the top-level secret key holding the client secret (client_secret_file)" }),
    tokenUrl: text(tokenUrl, "https://login.example.com/oauth2/token").meta({ description: "the token endpoint of the client credentials grant" }),
    scopes: stringList(oauthText).optional().meta({ description: "scopes to request" }),
    endpointParams: stringMap(oauthText, oauthText)
        .superRefine((m, ctx) => refuseCredentials(m, ctx, "Prometheus reads endpoint_params only from its config file, in a ConfigMap, with no file or env indirection; the client secret is clientSecretKey"))
        .optional()
        .meta({ description: "extra form parameters of the token request, such as audience; written into the config, so a parameter that looks like a credential is refused (docs/configuration.md#secret-references)" }),
});

/** The environment variables of azidentity's EnvironmentCredential, which DefaultAzureCredential (azuread.sdk) tries first. */
export const AZURE_ENV = { clientId: "AZURE_CLIENT_ID", tenantId: "AZURE_TENANT_ID", clientSecret: "AZURE_CLIENT_SECRET" } as const;

export const AZURE_CLOUDS = ["AzurePublic", "AzureChina", "AzureGovernment"] as const;

export const azureAdSchema = closedObject({
    cloud: choice(AZURE_CLOUDS).default("AzurePublic").meta({ description: "AzurePublic, AzureChina or AzureGovernment" }),
    managedIdentity: closedObject({ clientId: text(azureId).meta({ description: "the user-assigned managed identity's client id" }) })
        .optional()
        .meta({ description: "{ clientId }: the node's managed identity (2.45+)" }),
    oauth: closedObject({
        clientId: text(azureId).meta({ description: "the application's client id" }),
        tenantId: text(azureId).meta({ description: "the application's tenant id" }),
        clientSecretKey: text(secretKeyName, "azureWriteClientSecret").meta({ description: "the top-level secret key holding the client secret (AZURE_CLIENT_SECRET)" }),
    })
        .optional()
        .meta({ description: "{ clientId, tenantId, clientSecretKey }: an application's client secret, from the environment through azuread.sdk (2.52+)" }),
    workloadIdentity: closedObject({
        clientId: text(azureId).meta({ description: "the application's or identity's client id" }),
        tenantId: text(azureId).meta({ description: "its tenant id" }),
    })
        .optional()
        .meta({ description: "{ clientId, tenantId }: Azure workload identity, the token the webhook projects into the pod (3.7+)" }),
}).superRefine((a, ctx) => {
    const given = (["managedIdentity", "oauth", "workloadIdentity"] as const).filter((k) => a[k] !== undefined);
    if (given.length !== 1) {
        ctx.addIssue({
            code: "custom",
            path: given.length > 1 ? [given[1]] : [],
            input: given.length > 1 ? a[given[1]] : a,
            message: `exactly one of managedIdentity, oauth and workloadIdentity${given.length > 1 ? ` (${given.join(" and ")} are both set)` : ""}`,
        });
    }
}, whenClean("managedIdentity", "oauth", "workloadIdentity"));
