const PROJECT = "cluster-monitoring";

/** A config key as pulumi's config.ParseKey reads it after the CLI adds the project to a bare name. */
export function configKey(raw: string): string | undefined {
    const parts = raw.split(":");
    switch (parts.length) {
        case 1:
            return `${PROJECT}:${raw}`;
        case 2:
            return raw;
        case 3:
            // <package>:config:<name>, the old form.
            return parts[1] === "config" ? `${parts[0]}:${parts[2]}` : undefined;
        default:
            return undefined;
    }
}
