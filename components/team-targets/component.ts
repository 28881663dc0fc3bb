import { Component } from "../contribution";
import { teamTargetsJobNames } from "./job-names";
import { teamTargetsContribution } from "./contribution";

/** The teams' own targets: jobs only; the teams deploy what they serve. */
export const teamTargets: Component = { name: "team-targets", jobNames: teamTargetsJobNames, contribute: teamTargetsContribution };
