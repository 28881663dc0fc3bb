import { PodSecurityClaim } from "../validate/pod-security-claims";
import { COMPONENTS } from "./components";

/**
 * The Pod Security claims the components make in their own folders (components/contribution.ts,
 * Component.podSecurityClaims), in the list's order: read beside validate/pod-security-claims.ts
 * wherever a rendered workload's level is checked against its claim.
 */
export const COMPONENT_POD_SECURITY_CLAIMS: readonly PodSecurityClaim[] = COMPONENTS.flatMap((c) => c.podSecurityClaims ?? []);
