/**
 * Whether the app's first render is hydrating the prerendered landing page (main.tsx decides it). That render must
 * produce exactly the prerendered markup (src/web/prerender.tsx), whatever data arrived meanwhile; later renders,
 * such as coming back to `/` inside the app, need not wait.
 */
let hydratingLanding = false;

export function startHydratingLanding() {
  hydratingLanding = true;
}

/** True until the hydrated landing page has committed once. */
export function isHydratingLanding() {
  return hydratingLanding;
}

export function landingHydrated() {
  hydratingLanding = false;
}
