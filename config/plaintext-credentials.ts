import { flag } from "./fields";

/**
 * The key by which a stack accepts credentials over an unencrypted connection (a password or
 * token over http://, an SMTP login without STARTTLS). Without it such a setting is refused:
 * anyone on the network path could read the credential, and a warning in a long `pulumi up`
 * output is easily missed.
 */
export const PLAINTEXT_OPT_IN = "allowPlaintextCredentials";

export function plaintextOptInField(where: string) {
    return flag()
        .default(false)
        .meta({ description: `true accepts sending ${where} over an unencrypted connection; refused otherwise (docs/design.md#credentials-in-transit)` });
}

/** The expected text for a setting that would send `credential` in clear over `channel`. */
export function plaintextMessage(expected: string, credential: string, channel: string): string {
    return (
        `${expected}: ${credential} would cross the network in clear text over ${channel}, readable by anyone on the path; ` +
        `or set ${PLAINTEXT_OPT_IN}: true beside it to accept that`
    );
}
