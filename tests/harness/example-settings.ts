import * as path from "path";
import { plainConfigSource, Settings } from "../../config";
import { readStackConfig } from "../../render";
import { loadStackSettings } from "../../stack";

export const EXAMPLES = path.resolve(__dirname, "../../docs/examples");

/** The settings of a stack file of docs/examples, as the engine would hand them over (secure values as secrets). */
export function exampleSettings(stack: string): Settings {
    const { values, secretKeys } = readStackConfig(EXAMPLES, stack);
    const parsed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => {
            try {
                return [k, JSON.parse(v)];
            } catch {
                return [k, v];
            }
        }),
    );
    const plain = Object.fromEntries(Object.entries(parsed).filter(([k]) => !secretKeys.includes(k)));
    const secrets = Object.fromEntries(Object.entries(parsed).filter(([k]) => secretKeys.includes(k)));
    return loadStackSettings(plainConfigSource(plain, secrets));
}

