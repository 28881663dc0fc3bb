import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { eventCollectorObjects } from "./object-names";

/** The event collector serves no metrics; it contributes its objects' names. */
export function eventCollectorContribution(s: Settings): Contribution {
    return { objects: eventCollectorObjects(s.eventCollector) };
}
