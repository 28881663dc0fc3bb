import * as random from "@pulumi/random";

/**
 * The generated admin password: 32 letters and digits (about 190 bits), so it can be pasted into
 * a login form or a shell without quoting. No keepers: nothing in the stack's settings replaces
 * it; only `pulumi up --replace` on this resource does (docs/grafana.md#admin-password), because
 * with persistence on Grafana keeps the first password in its database and would lock out a new one.
 */
export function generatedAdminPasswordArgs(): random.RandomPasswordArgs {
    return { length: 32, special: false, minLower: 1, minUpper: 1, minNumeric: 1 };
}
