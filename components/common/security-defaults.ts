import type { ConfigProblem } from "../../config";
import { imageTagVersion } from "../../config/oldest-images";
import { Problems } from "../../config/problems";

/**
 * Image lines whose security defaults differ from what the program configures for them, declared
 * by the component that runs the image (the search store) and checked while the stack loads.
 */

/** An image line whose security defaults differ from what the program configures for it. */
export interface SecurityDefault {
    key: string;
    image: string;
    /** The first major version with the other defaults. */
    fromMajor: number;
    why: string;
}

export function securityDefaultProblems(all: readonly SecurityDefault[]): ConfigProblem[] {
    const problems = new Problems();
    for (const d of all) {
        const version = imageTagVersion(d.image);
        if (version !== undefined && version[0] >= d.fromMajor) {
            problems.add(d.key, d.image, `an image before ${d.fromMajor}.0: ${d.why}`);
        }
    }
    return problems.all();
}
