import { ALERTMANAGER_KEY, AlertmanagerSettings } from "./alertmanager";
import { fullKey } from "./source";
import { Problems } from "./problems";

/**
 * Default alerts keep kube-prometheus's names, so that its runbooks apply; where one of ours was
 * renamed to match, a stack file that still names the old one would silently disable nothing or
 * route nothing. Both places that name alerts refuse the old name and say the new one.
 */
export function renamedAlertMessage(old: string, now: string): string {
    return `${now}: the default alert ${old} was renamed ${now} (docs/upgrading.md#renamed-alerts)`;
}

/** A team route that matches an alert by its old name would never match again. */
export function checkTeamMatchersAgainstRenames(am: Pick<AlertmanagerSettings, "teams">, renamed: Readonly<Record<string, string>>, problems: Problems): void {
    am.teams.forEach((t, i) => {
        const name = t.matchers.alertname;
        if (name !== undefined && Object.prototype.hasOwnProperty.call(renamed, name)) {
            problems.add(`${fullKey(ALERTMANAGER_KEY)}.teams[${i}].matchers.alertname`, name, renamedAlertMessage(name, renamed[name]));
        }
    });
}
